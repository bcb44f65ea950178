/**
 * The symbolic answerer: the offline, deterministic default of the Answerer port.
 * It reads the question into an intent (question.ts), asks for what it lacks through
 * the same capabilities an LLM gets (NeedsMoreInfo), and answers from graph facts
 * only, with low confidence, never a guess, when the facts are not there. This module
 * only dispatches: each intent family has its module under `symbolic/` (one entity's
 * facts, who-did-X lists, roles, places, connections between two, lists and counts,
 * captured pages), over the shared turn (`symbolic/turn.ts`).
 */
import type { Answerer, AnswerInput, LoopStop } from './answerer.port';
import type { QueryResponse } from './query-response';
import { parseQuestion, type Intent } from './question';
import { about, unknown } from './symbolic/about';
import { captured } from './symbolic/captured';
import { list, mostConnected } from './symbolic/listing';
import { path } from './symbolic/path';
import { relation } from './symbolic/relation';
import { role } from './symbolic/role';
import type { SentenceRelationReader } from './sentence-relations.port';
import { Turn, type SentenceReading } from './symbolic/turn';
import { where } from './symbolic/where';

export { INCOMPLETE_HEAD } from './symbolic/turn';

/** Answers `intent` in `turn`: one module per intent family. */
function run(t: Turn, intent: Intent): QueryResponse {
  switch (intent.kind) {
    case 'about':
      return about(t, intent.subject);
    case 'relation':
      return relation(t, intent.relation, intent.object, intent.direction, intent.entityType, intent.from ?? 1);
    case 'role':
      return role(t, intent.role, intent.subject);
    case 'where':
      return where(t, intent.subject);
    case 'path':
      return path(t, intent.from, intent.to);
    case 'list':
      return list(t, intent.entityType, intent.from ?? 1);
    case 'most_connected':
      return mostConnected(t);
    case 'captured':
      return captured(t, intent.scope, intent.from ?? 1);
    case 'unknown':
      return unknown(t);
  }
}

/**
 * @example
 *   const engine = new QueryEngine({ …, answerer: new SymbolicAnswerer() });
 *   (await engine.executeQuery('who founded Stripe?')).answer.content // 'Stripe was founded by Patrick Collison.'
 */
export class SymbolicAnswerer implements Answerer {
  readonly name = 'symbolic';
  private readonly readSentences: boolean;
  private readonly reading: SentenceReading;

  /**
   * `readSentences: false` answers from graph facts only (the eval's comparison; default true).
   * `relationReader` reads stored sentences with the capture's relation stage (the composition
   * root gives it); `answerReadersOff` switches answer readers off (`ANSWER_READERS`, the ablation).
   */
  constructor(
    options: {
      readonly readSentences?: boolean;
      readonly relationReader?: SentenceRelationReader;
      readonly answerReadersOff?: ReadonlySet<string>;
    } = {},
  ) {
    this.readSentences = options.readSentences ?? true;
    this.reading = {
      readersOff: options.answerReadersOff ?? new Set(),
      ...(options.relationReader === undefined ? {} : { relationReader: options.relationReader }),
    };
  }

  async answer(input: AnswerInput): Promise<QueryResponse> {
    const response = run(new Turn(input, this.readSentences, this.reading), parseQuestion(input.question));
    if (response.type === 'answer') input.onToken?.(response.content);
    return response;
  }

  /**
   * The offline answerer's own words for an early stop: it looks things up in the graph in
   * a few steps, it has no model or request budget to speak of.
   */
  stopNotice(stop: LoopStop): string {
    if (stop.kind === 'limit') {
      return `This answer may be incomplete: it was made from ${stop.limit === 1 ? 'one look-up' : `${stop.limit} look-ups`} in your graph, and the question needed more. Ask about one entity at a time for a fuller answer.`;
    }
    return 'This answer may be incomplete: not everything the question needed could be looked up in your graph.';
  }
}
