/**
 * The authority phase of the resolver: asks the authority source (Wikidata) for
 * entries, only when the request allows it and the user turned network look-ups on,
 * bounded by a timeout. A failure ends the resolution with `status: 'error'`.
 */
import { AriadneError } from '../errors';
import type { AuthorityEntry, AuthoritySource } from './ports';
import type { PathRecorder } from './response';

export type AuthorityOutcome =
  { readonly kind: 'ok'; readonly entries: AuthorityEntry[] } | { readonly kind: 'error'; readonly code: string; readonly message: string };

export interface AuthorityPhaseInput {
  readonly authority?: AuthoritySource;
  readonly enabled: boolean;
  readonly subject: string;
  readonly language: string;
  readonly limit: number;
  readonly timeoutMs: number;
  readonly path: PathRecorder;
  readonly signal?: AbortSignal;
}

/** Runs the authority look-up; never waits longer than `timeoutMs`. */
export async function runAuthority(input: AuthorityPhaseInput): Promise<AuthorityOutcome> {
  const { authority, path } = input;
  if (!input.enabled || authority === undefined) {
    const why = input.enabled ? 'no authority source is configured' : 'network look-ups are off in settings';
    path.add('authority', 'skipped', 'wikidata', `${why}; local graph only`);
    return { kind: 'ok', entries: [] };
  }
  const controller = new AbortController();
  const onAbort = (): void => controller.abort();
  input.signal?.addEventListener('abort', onAbort);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(
        new AriadneError(
          'timeout',
          `${authority.name} did not answer within ${input.timeoutMs} ms; try again later or resolve against the local graph only.`,
        ),
      );
    }, input.timeoutMs);
  });
  try {
    const entries = await Promise.race([
      authority.search(input.subject, { language: input.language, limit: input.limit, signal: controller.signal }),
      timeout,
    ]);
    const kept = entries.slice(0, input.limit);
    path.add(
      'authority',
      'search',
      authority.name,
      `${kept.length} entr${kept.length === 1 ? 'y' : 'ies'}${kept[0] ? `, first ${kept[0].id} "${kept[0].label}"` : ''}`,
    );
    return { kind: 'ok', entries: kept };
  } catch (error) {
    const code = error instanceof AriadneError ? error.code : 'unavailable';
    const message = error instanceof Error ? error.message : String(error);
    path.add('authority', 'failed', authority.name, `${code}: ${message.slice(0, 200)}`);
    return { kind: 'error', code, message };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    input.signal?.removeEventListener('abort', onAbort);
  }
}
