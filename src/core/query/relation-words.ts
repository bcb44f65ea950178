/**
 * How the symbolic answerer matches question verbs to free-form relationship labels:
 * crude stemming, a few synonyms and irregular verbs, passive labels (`founded_by`),
 * and the label sets behind "who founded / leads / works at" and "where is".
 */
import type { RelationshipView } from './query-context';
import type { Role } from './question';

// Maps, not objects: they are looked up with words of questions and labels, where
// `constructor` or `toString` is a word like any other, not an inherited function.
const IRREGULAR: ReadonlyMap<string, string> = new Map(
  Object.entries({
    made: 'make',
    built: 'build',
    bought: 'buy',
    ran: 'run',
    led: 'lead',
    wrote: 'write',
    owned: 'own',
    began: 'begin',
    grew: 'grow',
    sold: 'sell',
    held: 'hold',
    paid: 'pay',
    taught: 'teach',
  }),
);
// Verbs that mean the same edge; the first member is the canonical form.
const SYNONYMS: readonly (readonly string[])[] = [
  // Owning is what an acquisition leaves: "who owns X?" reads `acquired` and `subsidiary_of` edges.
  ['acquir', 'buy', 'purchas', 'own'],
  ['develop', 'mak', 'manufactur', 'build'],
  ['us', 'adopt', 'rely', 'leverag'],
  ['found', 'cofound', 'co', 'creat', 'start', 'establish'],
  ['lead', 'run', 'head', 'manag'],
  ['compet', 'rival'],
  ['locat', 'bas', 'headquarter', 'situat'],
  ['invest', 'fund', 'back'],
  ['partner', 'collaborat'],
];
// "X works at Y" is the same edge as "Y employs X".
// "X subsidiary_of Y" is the same edge as "Y acquired / owns X".
const INVERSES: ReadonlyMap<string, string> = new Map([
  ['work', 'employ'],
  ['employ', 'work'],
  ['acquir', 'subsidiary'],
  ['subsidiary', 'acquir'],
]);
/** Co-occurrence links (`mentioned_with`): a neighbourhood, never the answer to a typed question. */
export const UNTYPED_LABELS: ReadonlySet<string> = new Set(['mentioned_with']);

/**
 * True for "mentioned with", "mentioned alongside", "appear with": a question about the
 * neighbourhood (co-mentions included), not about a stated relation.
 */
export function isCoMentionRelation(relation: string): boolean {
  const [verb, particle] = relation.toLowerCase().split(' ');
  const key = stem(verb ?? '');
  return (
    (key === 'mention' || key === 'appear' || key === 'cited') &&
    (particle === undefined || ['with', 'alongside', 'together'].includes(particle))
  );
}

/**
 * Everything linked to `anchor` in either direction, co-mentions included, each once
 * (for "which companies are mentioned with Google?"). Relationship order.
 */
export function neighboursOf(
  rels: readonly RelationshipView[],
  anchor: string,
): Array<{ id: RelationshipView['from']; name: string; type: RelationshipView['fromType']; via: RelationshipView }> {
  const seen = new Set<string>();
  const out: Array<{ id: RelationshipView['from']; name: string; type: RelationshipView['fromType']; via: RelationshipView }> = [];
  for (const r of rels) {
    const other =
      r.from === anchor
        ? { id: r.to, name: r.toName, type: r.toType }
        : r.to === anchor
          ? { id: r.from, name: r.fromName, type: r.fromType }
          : undefined;
    if (other === undefined || other.id === anchor || seen.has(other.id)) continue;
    seen.add(other.id);
    out.push({ ...other, via: r });
  }
  return out;
}

/** A crude stem: `uses`, `use`, `used`, `using` → `us`; `acquired` → `acquir`. */
export function stem(word: string): string {
  const w = IRREGULAR.get(word.toLowerCase()) ?? word.toLowerCase();
  for (const suffix of ['ing', 'ed', 'es', 's', 'e']) {
    // Keep at least two letters, or `is`/`as` would vanish.
    if (w.endsWith(suffix) && w.length - suffix.length >= 2) return w.slice(0, -suffix.length);
  }
  return w;
}

/** The canonical verb key of a word (stem, then synonym group). */
export function verbKey(word: string): string {
  const s = stem(word);
  return SYNONYMS.find((group) => group.includes(s))?.[0] ?? s;
}

interface LabelShape {
  readonly key: string;
  /** `founded_by`: the edge reads backwards (`Stripe founded_by Patrick` = Patrick founded Stripe). */
  readonly passive: boolean;
}

export function labelShape(label: string): LabelShape {
  const parts = label.split('_').filter((p) => p.length > 0);
  const passive = parts.length > 1 && parts.at(-1) === 'by';
  return { key: verbKey(parts[0] ?? label), passive };
}

/** What `relatedBy` reads of a relation: a stored relationship, or one read in a sentence (no id). */
export type RelationEnds = Pick<RelationshipView, 'from' | 'fromName' | 'fromType' | 'label' | 'to' | 'toName' | 'toType'>;

/**
 * The entities that stand in `relation` to `anchor`: direction `in` finds who
 * <relation> anchor ("which companies use Rust": anchor Rust), `out` finds what anchor
 * <relation> ("what does Stripe use": anchor Stripe). Results keep relationship order.
 */
export function relatedBy<R extends RelationEnds = RelationshipView>(
  rels: readonly R[],
  anchor: string,
  relation: string,
  direction: 'in' | 'out',
): Array<{ id: RelationshipView['from']; name: string; type: RelationshipView['fromType']; via: R }> {
  const key = verbKey(relation.split(' ')[0] ?? relation);
  const inverse = INVERSES.get(key);
  const out: Array<{ id: RelationshipView['from']; name: string; type: RelationshipView['fromType']; via: R }> = [];
  for (const r of rels) {
    if (UNTYPED_LABELS.has(r.label)) continue;
    const shape = labelShape(r.label);
    const same = shape.key === key;
    const flipped = inverse !== undefined && shape.key === inverse;
    if (!same && !flipped) continue;
    // Does the edge point from the subject to the anchor? An active label of the same
    // verb does ("Stripe uses Rust"); a passive one, or the inverse verb, points back.
    const subjectToAnchor = same ? !shape.passive : shape.passive;
    const subjectSide = direction === 'in' ? subjectToAnchor : !subjectToAnchor;
    if (subjectSide && r.to === anchor) out.push({ id: r.from, name: r.fromName, type: r.fromType, via: r });
    else if (!subjectSide && r.from === anchor) out.push({ id: r.to, name: r.toName, type: r.toType, via: r });
  }
  return out;
}

interface RoleLabels {
  /** Labels of edges person → subject (`ceo_of`). */
  readonly toSubject: readonly string[];
  /** Labels of edges subject → person (`founded_by`). */
  readonly fromSubject: readonly string[];
  /** Attribute keys on the subject naming people in that role. */
  readonly attributes: readonly string[];
  /** Titles on a connected person's `role`/`title` attribute that count. */
  readonly titles?: RegExp;
}

export const ROLE_LABELS: Readonly<Record<Role, RoleLabels>> = {
  founder: {
    toSubject: ['founded', 'co_founded', 'cofounded', 'founder_of', 'co_founder_of', 'cofounder_of', 'created', 'started', 'established'],
    fromSubject: ['founded_by', 'co_founded_by', 'cofounded_by', 'created_by', 'started_by', 'established_by', 'founder'],
    attributes: ['founder', 'founders', 'founded_by', 'cofounder', 'cofounders', 'co_founders'],
    titles: /\b(co-?)?founder\b/i,
  },
  leader: {
    toSubject: [
      'ceo_of',
      'leads',
      'led',
      'heads',
      'head_of',
      'president_of',
      'chairman_of',
      'chair_of',
      'runs',
      'manages',
      'director_of',
      'chief_executive_of',
      'cto_of',
    ],
    fromSubject: ['led_by', 'headed_by', 'ceo', 'run_by', 'managed_by', 'has_ceo', 'chaired_by'],
    attributes: ['ceo', 'leader', 'head', 'president', 'chairman', 'chair', 'director'],
    titles: /\b(ceo|chief executive|president|chair(man|woman|person)?|head|director|managing director|leader)\b/i,
  },
  employee: {
    toSubject: [
      'works_at',
      'works_for',
      'worked_at',
      'worked_for',
      'employed_by',
      'employee_of',
      'member_of',
      'ceo_of',
      'cto_of',
      'founder_of',
    ],
    fromSubject: ['employs', 'employed', 'has_employee'],
    attributes: ['employees'],
  },
};

export const LOCATION_LABELS = ['located_in', 'headquartered_in', 'based_in', 'hq_in', 'in', 'lives_in', 'located', 'location', 'part_of'];
export const LOCATION_ATTRIBUTES = [
  'headquarters',
  'hq',
  'location',
  'city',
  'country',
  'address',
  'based_in',
  'headquartered_in',
  'region',
];
// Attribute keys that carry a person's job title.
export const TITLE_ATTRIBUTES = ['role', 'title', 'position', 'job_title'];
