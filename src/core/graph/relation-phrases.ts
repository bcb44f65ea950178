/**
 * Relationship labels as a person reads them, both ways: "X founded_by Y" reads
 * "founded by" on X's page and "founded" on Y's. One table for every label capture
 * and LLM reading write (a test keeps it complete); a label typed by hand that is not
 * in it reads as its words, with an arrow for the reverse direction.
 */

export interface RelationPhrase {
  /** On the source's page: "<source> <forward> <target>". */
  readonly forward: string;
  /** On the target's page: "<target> <backward> <source>". */
  readonly backward: string;
}

export const RELATION_PHRASES: Readonly<Record<string, RelationPhrase>> = {
  acquired: { forward: 'acquired', backward: 'acquired by' },
  alumni_of: { forward: 'studied at', backward: 'attended by' },
  brand: { forward: 'sold under the brand', backward: 'brand of' },
  ceo_of: { forward: 'CEO of', backward: 'led by' },
  competes_with: { forward: 'competes with', backward: 'competes with' },
  created_by: { forward: 'created by', backward: 'created' },
  customer_of: { forward: 'customer of', backward: 'supplies' },
  develops: { forward: 'develops', backward: 'developed by' },
  employs: { forward: 'employs', backward: 'works for' },
  founded_by: { forward: 'founded by', backward: 'founded' },
  founded_in: { forward: 'founded in', backward: 'founding place of' },
  headquartered_in: { forward: 'headquartered in', backward: 'headquarters of' },
  invested_in: { forward: 'invested in', backward: 'backed by' },
  located_in: { forward: 'located in', backward: 'location of' },
  makes: { forward: 'makes', backward: 'made by' },
  manufactured_by: { forward: 'manufactured by', backward: 'manufactures' },
  member_of: { forward: 'member of', backward: 'has as member' },
  mentioned_with: { forward: 'mentioned with', backward: 'mentioned with' },
  owns: { forward: 'owns', backward: 'owned by' },
  part_of: { forward: 'part of', backward: 'includes' },
  partners_with: { forward: 'partners with', backward: 'partners with' },
  published_by: { forward: 'published by', backward: 'publishes' },
  spouse_of: { forward: 'spouse of', backward: 'spouse of' },
  subsidiary_of: { forward: 'subsidiary of', backward: 'parent company of' },
  uses: { forward: 'uses', backward: 'used by' },
  works_for: { forward: 'works for', backward: 'employs' },
};

/** A label's words: `works_for` → "works for" (underscores and runs of spaces to one space). */
function labelWords(label: string): string {
  return label
    .split('_')
    .map((w) => w.trim())
    .filter((w) => w !== '')
    .join(' ');
}

/**
 * How `label` reads from the entity whose page shows it: `outgoing` when that entity
 * is the relationship's source.
 *
 * @example
 *   relationPhrase('ceo_of', true);  // 'CEO of'
 *   relationPhrase('ceo_of', false); // 'led by'
 *   relationPhrase('likes', false);  // '← likes'
 */
export function relationPhrase(label: string, outgoing: boolean): string {
  const known = Object.hasOwn(RELATION_PHRASES, label) ? RELATION_PHRASES[label] : undefined;
  if (known !== undefined) return outgoing ? known.forward : known.backward;
  const words = labelWords(label);
  return outgoing ? words : `← ${words}`;
}
