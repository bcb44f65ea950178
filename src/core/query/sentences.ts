/**
 * Plain sentences built only from stored facts, in the style of `entity_query`'s
 * reference example: "Stripe is a payments company founded in 2010,
 * headquartered in San Francisco. It uses Rust, acquired Paystack, and competes
 * with Square." Pure functions over names, types, attributes and labels.
 */
import type { EntityType } from '../graph/types';
import { ownValue } from '../records';

/** Attributes woven into the first sentence, in this order, with their phrase. */
const WOVEN_ATTRIBUTES: readonly (readonly [string, string])[] = [
  ['founded', 'founded in'],
  ['headquarters', 'headquartered in'],
  ['location', 'based in'],
  ['role', 'working as'],
];
/** Attributes left out of sentences: shown as links or used as the kind. */
const UNSPOKEN_ATTRIBUTES = new Set(['industry', 'url', 'wikidata', 'sameAs']);
/** The label of two entities named in one sentence. */
const MENTIONED_WITH = 'mentioned_with';
// Items in one list before "and N more" (sentences stay readable in a narrow panel).
const MAX_LISTED = 8;

export interface DescribedEntity {
  readonly name: string;
  readonly type: EntityType;
  readonly attributes: Readonly<Record<string, string>>;
  readonly description?: string;
  readonly aliases: readonly string[];
}

export interface DescribedLink {
  readonly label: string;
  readonly otherName: string;
  readonly otherType: EntityType;
}

export function words(label: string): string {
  return label.replace(/_/g, ' ');
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** "a", "a and b", "a, b, and c" (serial comma), with a count of the rest. */
export function listItems(items: readonly string[]): string {
  const unique = [...new Set(items)];
  const shown = unique.slice(0, MAX_LISTED);
  const rest = unique.length - shown.length;
  const all = rest > 0 ? [...shown, `${rest} more`] : shown;
  if (all.length <= 1) return all.join('');
  if (all.length === 2) return `${all[0]} and ${all[1]}`;
  return `${all.slice(0, -1).join(', ')}, and ${all.at(-1) ?? ''}`;
}

/** Titles written in capitals inside labels (`ceo_of` → "CEO of"). */
const TITLE_ACRONYMS = new Set(['ceo', 'cto', 'coo', 'cfo', 'cio']);

function labelWords(label: string): string {
  return label
    .split('_')
    .map((w) => (TITLE_ACRONYMS.has(w) ? w.toUpperCase() : w))
    .join(' ');
}

/** Nouns of `_of` labels that take an article: "is a subsidiary of", not "is subsidiary of". */
const COUNTED_ROLES = new Set([
  'subsidiary',
  'member',
  'customer',
  'founder',
  'cofounder',
  'employee',
  'investor',
  'division',
  'unit',
  'partner',
]);

/** The verb phrase of a label for one subject: `uses`, `was founded by`, `is located in`, `is CEO of`, `is a subsidiary of`. */
export function verbPhrase(label: string): string {
  if (/_by$/.test(label)) return `was ${labelWords(label)}`;
  const [noun = '', ...rest] = label.split('_');
  if (rest.length === 1 && rest[0] === 'of' && COUNTED_ROLES.has(noun)) return `is a ${noun} of`;
  // A role or a part ("ceo_of", "member_of", "subsidiary_of") is something the subject is.
  if (/^(located|based|headquartered|situated|mentioned)_/.test(label) || /_of$/.test(label)) return `is ${labelWords(label)}`;
  return labelWords(label);
}

/** The verb phrase for several subjects: `use`, `compete with`, `were founded by`, `are part of`. */
export function pluralVerbPhrase(label: string): string {
  const counted = /^is a (\w+) of$/.exec(verbPhrase(label))?.[1];
  if (counted !== undefined) return `are ${counted.endsWith('y') ? `${counted.slice(0, -1)}ies` : `${counted}s`} of`;
  const [first = '', ...rest] = verbPhrase(label).split(' ');
  const plural = first === 'was' ? 'were' : first === 'is' ? 'are' : /[^s]s$/.test(first) ? first.slice(0, -1) : first;
  return [plural, ...rest].join(' ');
}

/**
 * What an entity is and does. Links to people are left to "who" questions (as in
 * the reference example); incoming links, other attributes and aliases follow.
 */
export function describeEntity(entity: DescribedEntity, outgoing: readonly DescribedLink[], incoming: readonly DescribedLink[]): string {
  const industry = ownValue(entity.attributes, 'industry');
  const kind = industry ? `${industry} ${entity.type}` : entity.type;
  const clauses = WOVEN_ATTRIBUTES.flatMap(([key, phrase]) => {
    const value = ownValue(entity.attributes, key);
    return value ? [`${phrase} ${value}`] : [];
  });
  const sentences = [`${entity.name} is ${article(kind)} ${kind}${clauses.length > 0 ? ` ${clauses.join(', ')}` : ''}.`];
  if (entity.description) sentences.push(entity.description.endsWith('.') ? entity.description : `${entity.description}.`);
  const byLabel = new Map<string, string[]>();
  for (const link of outgoing) {
    if (link.otherType === 'person' && entity.type !== 'person') continue;
    byLabel.set(link.label, [...(byLabel.get(link.label) ?? []), link.otherName]);
  }
  // Being named together is stored in either direction; both read "is mentioned with".
  const incomingByLabel = new Map<string, string[]>();
  for (const link of incoming) {
    const map = link.label === MENTIONED_WITH ? byLabel : incomingByLabel;
    map.set(link.label, [...(map.get(link.label) ?? []), link.otherName]);
  }
  const subject = entity.type === 'person' ? entity.name : 'It';
  if (byLabel.size > 0)
    sentences.push(`${subject} ${listItems([...byLabel].map(([label, names]) => `${verbPhrase(label)} ${listItems(names)}`))}.`);
  for (const [label, names] of incomingByLabel) sentences.push(subjectsSentence(names, label, entity.name));
  const woven = new Set(WOVEN_ATTRIBUTES.map(([key]) => key));
  const other = Object.entries(entity.attributes).filter(([key]) => !woven.has(key) && !UNSPOKEN_ATTRIBUTES.has(key));
  if (other.length > 0) sentences.push(`Also recorded: ${listItems(other.map(([k, v]) => `${words(k)} ${v}`))}.`);
  if (entity.aliases.length > 0) sentences.push(`Also known as ${listItems(entity.aliases).replace(/\.$/, '')}.`);
  return sentences.join(' ');
}

/** "Stripe and Cloudflare use Rust." */
export function subjectsSentence(subjects: readonly string[], label: string, object: string): string {
  return `${listItems(subjects)} ${subjects.length === 1 ? verbPhrase(label) : pluralVerbPhrase(label)} ${object}.`;
}
