/**
 * `WikidataAuthority`: the resolver's authority source over the Wikidata API
 * (`wbsearchentities` to search names, `wbgetentities` to read items) with `fetch`.
 * Every call has a timeout (AbortController); HTTP and API failures become
 * `AriadneError`s with code `timeout` or `unavailable`, never a hang. Answers are
 * parsed with zod: a remote service is untrusted input too.
 *
 * Only used when the request allows it and the user turned network look-ups on.
 */
import { z } from 'zod';
import { AriadneError } from '../../core/errors';
import type { AuthorityEntry, AuthoritySource } from '../../core/resolve/ports';

export const WIKIDATA_API = 'https://www.wikidata.org/w/api.php';
/** Wikidata usually answers in well under a second; 3 s bounds a slow network. */
const DEFAULT_TIMEOUT_MS = 3000;
/** wbsearchentities caps `limit` at 50. */
const MAX_LIMIT = 50;
/** wbgetentities accepts at most 50 ids per call. */
const MAX_IDS = 50;

const searchResponse = z.object({
  search: z
    .array(
      z.object({
        id: z.string().regex(/^[QPL]\d+$/),
        label: z.string().optional(),
        description: z.string().optional(),
        concepturi: z.string().optional(),
        aliases: z.array(z.string()).optional(),
        display: z.object({ label: z.object({ value: z.string() }).optional() }).optional(),
      }),
    )
    .max(MAX_LIMIT),
});

const langValue = z.object({ value: z.string() });
const entitiesResponse = z.object({
  entities: z.record(
    z.string(),
    z.object({
      id: z.string().optional(),
      missing: z.string().optional(),
      labels: z.record(z.string(), langValue).optional(),
      descriptions: z.record(z.string(), langValue).optional(),
      aliases: z.record(z.string(), z.array(langValue)).optional(),
    }),
  ),
});
const apiError = z.object({ error: z.object({ code: z.string(), info: z.string().optional() }) });

export interface WikidataOptions {
  readonly endpoint?: string;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

/**
 * @example
 *   const wikidata = new WikidataAuthority({ timeoutMs: 2000 });
 *   const [first] = await wikidata.search('Stripe', { language: 'en', limit: 5 });
 */
export class WikidataAuthority implements AuthoritySource {
  readonly name = 'wikidata';
  private readonly endpoint: string;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;

  constructor(options: WikidataOptions = {}) {
    this.endpoint = options.endpoint ?? WIKIDATA_API;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async search(
    query: string,
    options: { readonly language: string; readonly limit: number; readonly signal?: AbortSignal },
  ): Promise<AuthorityEntry[]> {
    const json = await this.get(
      {
        action: 'wbsearchentities',
        search: query.slice(0, 250),
        language: options.language,
        uselang: options.language,
        type: 'item',
        limit: String(Math.max(1, Math.min(MAX_LIMIT, options.limit))),
      },
      options.signal,
    );
    const parsed = searchResponse.safeParse(json);
    if (!parsed.success) throw new AriadneError('unavailable', 'Wikidata answered in an unexpected format; try again later.');
    return parsed.data.search.map((s) => ({
      id: s.id,
      label: s.label ?? s.display?.label?.value ?? s.id,
      ...(s.description === undefined ? {} : { description: s.description }),
      aliases: (s.aliases ?? []).slice(0, 20),
      uri: s.concepturi ?? `http://www.wikidata.org/entity/${s.id}`,
    }));
  }

  /** Reads items by id (labels, descriptions, aliases in `language`). Missing ids are skipped. */
  async getEntities(ids: readonly string[], language: string, signal?: AbortSignal): Promise<AuthorityEntry[]> {
    const wanted = ids.filter((id) => /^Q\d+$/.test(id)).slice(0, MAX_IDS);
    if (wanted.length === 0) return [];
    const json = await this.get(
      { action: 'wbgetentities', ids: wanted.join('|'), props: 'labels|descriptions|aliases', languages: language },
      signal,
    );
    const parsed = entitiesResponse.safeParse(json);
    if (!parsed.success) throw new AriadneError('unavailable', 'Wikidata answered in an unexpected format; try again later.');
    const out: AuthorityEntry[] = [];
    for (const id of wanted) {
      const e = parsed.data.entities[id];
      if (!e || e.missing !== undefined) continue;
      const description = e.descriptions?.[language]?.value;
      out.push({
        id,
        label: e.labels?.[language]?.value ?? id,
        ...(description === undefined ? {} : { description }),
        aliases: (e.aliases?.[language] ?? []).map((a) => a.value).slice(0, 20),
        uri: `http://www.wikidata.org/entity/${id}`,
      });
    }
    return out;
  }

  private async get(params: Record<string, string>, outer?: AbortSignal): Promise<unknown> {
    const url = new URL(this.endpoint);
    for (const [k, v] of Object.entries({ ...params, format: 'json', origin: '*' })) url.searchParams.set(k, v);
    const controller = new AbortController();
    const onAbort = (): void => controller.abort();
    outer?.addEventListener('abort', onAbort);
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      const res = await this.fetchFn(url, { signal: controller.signal, headers: { accept: 'application/json' } });
      if (!res.ok) throw new AriadneError('unavailable', `Wikidata answered HTTP ${res.status}; try again later.`);
      const json: unknown = await res.json();
      const err = apiError.safeParse(json);
      if (err.success) throw new AriadneError('unavailable', `Wikidata refused the request (${err.data.error.code}).`);
      return json;
    } catch (error) {
      if (error instanceof AriadneError) throw error;
      if (controller.signal.aborted) {
        throw new AriadneError(
          'timeout',
          `Wikidata did not answer within ${this.timeoutMs} ms; try again later or turn network look-ups off.`,
        );
      }
      throw new AriadneError('unavailable', `Wikidata could not be reached (${error instanceof Error ? error.message : String(error)}).`);
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    }
  }
}
