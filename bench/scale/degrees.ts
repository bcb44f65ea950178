/**
 * How many entities of a generated scale graph get a persisted degree row (degree of
 * `RANKED_MIN_DEGREE` or more, schema v5), against all connected ones: the size of the
 * `degrees` table the v4 → v5 upgrade writes.
 *
 * @example
 *   npx tsx bench/scale/degrees.ts --entities 300000   // 300000 entities: 20785 rows of 287677 connected (6.9%)
 */
import { parseArgs } from 'node:util';
import { RANKED_MIN_DEGREE } from '../../src/core/graph/store';
import { generateGraph } from './generate';

const { values } = parseArgs({ options: { entities: { type: 'string', default: '300000' }, rels: { type: 'string', default: '2' } } });
const entities = Number(values.entities);
const degree = new Map<string, number>();
for (const chunk of generateGraph({ entities, relationshipsPerEntity: Number(values.rels) })) {
  for (const r of chunk.relationships) for (const end of [r.from, r.to]) degree.set(end, (degree.get(end) ?? 0) + 1);
}
const rows = [...degree.values()].filter((d) => d >= RANKED_MIN_DEGREE).length;
console.log(`${entities} entities: ${rows} rows of ${degree.size} connected (${((100 * rows) / entities).toFixed(1)}%)`);
