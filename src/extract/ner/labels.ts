/**
 * The label space of the trained recognizer and the one table that maps every
 * training dataset's entity labels onto Ariadne's six entity types.
 *
 * Tags are IOB2 (`B-person`, `I-person`, `O`): BIO keeps the label set at 13, which
 * keeps Viterbi and the weight table small enough for ≥ 1 MB/s in the browser.
 */
import { ENTITY_TYPES, type EntityType } from '../../core/graph/types';
import { ownValue } from '../../core/records';

/** Entity types the model predicts, in tag order (index = type id). */
export const MODEL_TYPES: readonly EntityType[] = ENTITY_TYPES;
export const TYPE_COUNT = MODEL_TYPES.length;
/** `O`, then `B-t`, `I-t` for each type: tag = 1 + 2·type (+1 for I). */
export const TAG_COUNT = 1 + 2 * TYPE_COUNT;
export const TAG_O = 0;

export function tagB(type: number): number {
  return 1 + 2 * type;
}
export function tagI(type: number): number {
  return 2 + 2 * type;
}
/** The type id of a B/I tag, or -1 for `O`. */
export function tagType(tag: number): number {
  return tag === TAG_O ? -1 : (tag - 1) >> 1;
}
export function isInside(tag: number): boolean {
  return tag !== TAG_O && (tag - 1) % 2 === 1;
}
export function typeId(type: EntityType): number {
  return MODEL_TYPES.indexOf(type);
}
export function tagName(tag: number): string {
  if (tag === TAG_O) return 'O';
  return `${isInside(tag) ? 'I' : 'B'}-${MODEL_TYPES[tagType(tag)] ?? '?'}`;
}

/**
 * Datasets the trainer reads; each has its own label vocabulary. `wikigold` and `wikiann`
 * are the copies in Babelscape/wikineural (`index<TAB>token<TAB>label`, IOB2, CoNLL's
 * PER/ORG/LOC/MISC); wikigold has `-DOCSTART-` documents, WikiANN single sentences.
 * `redocred` is Re-DocRED's JSON (documents of tokenized sentences, typed mentions).
 */
export type DatasetScheme = 'conll2003' | 'crossner' | 'wnut17' | 'wikigold' | 'wikiann' | 'redocred';

/**
 * Every dataset label → Ariadne type, or `null` for "not an entity here" (trained as O).
 *
 * Why each choice:
 * - CoNLL-2003: the reference set; ORG covers companies, parties, teams and
 *   institutions, and Ariadne's `company` is that organization type (eval maps
 *   company→ORG). MISC (nationalities, events, works) → other.
 * - CrossNER (Wikipedia, 3 domains): `programlang` is the only software-like label,
 *   so it is the main source of `technology`; `product` keeps its name. People-like
 *   labels (researcher, scientist, politician) → person and organization-like labels
 *   (organisation, university, political party) → company, as CoNLL does. Countries and
 *   locations → location. Abstract spans (algorithm, field, task, metrics, theory,
 *   discipline) are concepts, not named entities in CoNLL's sense: they train as O so
 *   the model does not learn to tag "machine learning" as an entity. Other named things
 *   (awards, events, elections, journals, chemicals, proteins, …) → other.
 * - WNUT-17: corporation → company, product → product; `group` mixes bands, teams and
 *   fan groups and `creative-work` is titles, so both → other rather than teaching that
 *   a band is a company.
 * - wikigold, WikiANN: CoNLL's four labels on Wikipedia text, mapped as CoNLL's.
 * - Re-DocRED (Wikipedia abstracts): CoNLL's four, plus TIME and NUM, which are not names (O).
 */
export const DATASET_LABELS: Readonly<Record<DatasetScheme, Readonly<Record<string, EntityType | null>>>> = {
  conll2003: { PER: 'person', ORG: 'company', LOC: 'location', MISC: 'other' },
  wikigold: { PER: 'person', ORG: 'company', LOC: 'location', MISC: 'other' },
  wikiann: { PER: 'person', ORG: 'company', LOC: 'location' },
  redocred: { PER: 'person', ORG: 'company', LOC: 'location', MISC: 'other', TIME: null, NUM: null },
  crossner: {
    person: 'person',
    researcher: 'person',
    scientist: 'person',
    politician: 'person',
    writer: 'person',
    musicalartist: 'person',
    organisation: 'company',
    university: 'company',
    politicalparty: 'company',
    band: 'company',
    country: 'location',
    location: 'location',
    astronomicalobject: 'other',
    programlang: 'technology',
    product: 'product',
    misc: 'other',
    conference: 'other',
    award: 'other',
    event: 'other',
    election: 'other',
    academicjournal: 'other',
    chemicalcompound: 'other',
    chemicalelement: 'other',
    enzyme: 'other',
    protein: 'other',
    book: 'other',
    song: 'other',
    album: 'other',
    poem: 'other',
    magazine: 'other',
    literarygenre: null,
    musicgenre: null,
    musicalinstrument: 'product',
    algorithm: null,
    field: null,
    task: null,
    metrics: null,
    theory: null,
    discipline: null,
  },
  wnut17: {
    person: 'person',
    location: 'location',
    corporation: 'company',
    product: 'product',
    'creative-work': 'other',
    group: 'other',
  },
};

/**
 * Maps one dataset label (without its B-/I- prefix) to an Ariadne type.
 * Unknown labels map to `undefined` so the reader can refuse them loudly.
 *
 * @example
 *   mapDatasetLabel('crossner', 'programlang') // 'technology'
 *   mapDatasetLabel('crossner', 'algorithm')   // null (trained as O)
 */
export function mapDatasetLabel(scheme: DatasetScheme, label: string): EntityType | null | undefined {
  const table = DATASET_LABELS[scheme];
  return ownValue(table, label);
}
