/**
 * SentenceRelationReader: how the question side reads the relations a stored page sentence
 * states, with the capture's own relation stage (trigger rules, lists and coordination,
 * appositions, "it"/"the company", the gated classifier). One engine reads pages at capture
 * and sentences at question time: core holds only this contract, the composition root
 * (`src/background/tools.ts`) and the QA benchmark give it the capture's reader
 * (`src/extract/relations/sentence-reader.ts`). Without one, questions read sentences only
 * with the answer readers that the rules do not cover (`sentence-reading.ts`).
 */
import type { EntityId } from '../graph/ids';
import type { SentenceView } from './query-context';

/** A relation read in one sentence between two of its names (`SentenceView.names`), in the graph's labels. */
export interface SentenceRelation {
  readonly from: EntityId;
  /** A graph label read "from label to": `founded_by`, `works_for`, `located_in`, … */
  readonly label: string;
  readonly to: EntityId;
  /** 0..1, as the capture would store it. */
  readonly confidence: number;
}

export interface SentenceRelationReader {
  /**
   * The relations `sentence` states between the names it is known to hold (an opener it
   * calls the entity by, `refersBy`, stands for that entity); where a name is the entity
   * asked about's (`about`) and another's, it is the one asked about. Page text is data: the
   * reader only places known names and applies the capture's rules.
   *
   * @example
   *   reader.read({ text: 'Fabrikam was founded by Ada Quinn.', names: [fabrikam, ada], … })
   *   // [{ from: fabrikam.id, label: 'founded_by', to: ada.id, confidence: 0.9 }]
   */
  read(sentence: SentenceView, about?: EntityId): readonly SentenceRelation[];
}
