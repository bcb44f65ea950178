/**
 * The LLM phase: a cheap model picks one of the ranked candidates (llm_select, or
 * hybrid when ranking is inconclusive). Its answer is parsed against
 * `llmSelectionSchema` and may only name an offered candidate; anything else, a
 * timeout or no LLM at all keeps the ranked decision and says so in the path.
 */
import type { Decision, ScoredCandidate } from './decide';
import type { LlmSelectContext, LlmSelector } from './ports';
import { llmSelectionSchema } from './ports';
import type { PathRecorder } from './response';

export interface LlmPhaseInput {
  readonly llm?: LlmSelector;
  readonly subject: string;
  readonly candidates: readonly ScoredCandidate[];
  readonly decision: Decision;
  readonly context: LlmSelectContext;
  readonly timeoutMs: number;
  readonly path: PathRecorder;
  readonly signal?: AbortSignal;
}

export async function runLlm(input: LlmPhaseInput): Promise<Decision> {
  const { llm, path, decision } = input;
  if (llm === undefined) {
    path.add('llm', 'fallback_to_ranked', 'resolver', `no LLM configured; kept the ranked decision (${decision.status})`);
    return decision;
  }
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve('timeout');
    }, input.timeoutMs);
  });
  const offered = input.candidates.map((c) => ({
    id: c.id,
    label: c.label,
    type: c.type,
    description: c.description,
    aliases: c.aliases.slice(0, 5),
  }));
  let answer: unknown;
  try {
    answer = await Promise.race([llm.select(input.subject, offered, input.context, input.signal ?? controller.signal), timeout]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    path.add('llm', 'failed', llm.name, `${message.slice(0, 200)}; kept the ranked decision (${decision.status})`);
    return decision;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
  if (answer === 'timeout') {
    path.add('llm', 'timeout', llm.name, `no answer within ${input.timeoutMs} ms; kept the ranked decision (${decision.status})`);
    return decision;
  }
  const parsed = llmSelectionSchema.safeParse(answer);
  if (!parsed.success) {
    path.add(
      'llm',
      'rejected',
      llm.name,
      `answer did not match {candidate_id: string|null}; kept the ranked decision (${decision.status})`,
    );
    return decision;
  }
  const id = parsed.data.candidate_id;
  if (id === null) {
    path.add('llm', 'none', llm.name, `the model chose none of ${offered.length} candidate(s)`);
    return { status: 'not_found', note: 'the LLM chose none of the candidates' };
  }
  const chosen = input.candidates.find((c) => c.id === id);
  if (chosen === undefined) {
    path.add(
      'llm',
      'rejected',
      llm.name,
      `the model named "${id.slice(0, 40)}", which was not offered; kept the ranked decision (${decision.status})`,
    );
    return decision;
  }
  path.add('llm', 'selected', llm.name, `the model chose "${chosen.label}" (${chosen.id}) among ${offered.length}`);
  return { status: 'resolved', chosen, note: 'chosen by the LLM' };
}
