/**
 * The recognizer port: finds entity mentions in plain text. The rule-based
 * recognizer (capture issue) and the trained model (NER issue) both implement it;
 * capture and `eval:ner` only ever see this interface.
 *
 * Folder `mentions/`: finding and judging names in text (this port, the web-name cues,
 * type cues, short-name folding, team sense, lower-case code names, boilerplate names).
 */
import type { Mention } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';

/** Names the graph already knows, so they are recognized on new pages. */
export interface Gazetteer {
  /** The type of a known name (exact, case-sensitive surface form), if any. */
  lookup(surface: string): EntityType | undefined;
  /** Longest known name starting at token `i` of `tokens`, as a token count, or 0. */
  longestMatch?(tokens: readonly string[], i: number): number;
}

export interface RecognizeOptions {
  readonly gazetteer?: Gazetteer;
}

export interface EntityRecognizer {
  readonly name: string;
  /** Mentions in text order, non-overlapping, offsets into `text`. */
  recognize(text: string, options?: RecognizeOptions): Mention[];
}
