/**
 * `npm run eval:ablate`: switches each rule family of the registry
 * (src/extract/rules/registry.ts) off in turn and prints what it is worth on the dev gold
 * and on the check set: the change in must-have recall, typed recall, typed precision and
 * relation recall when it is off (a negative number is what the family adds). A family
 * worth nothing on the check pages is a candidate for removal.
 *
 *   npm run eval:ablate [-- --only generic-terms,keep-model] [--qa]
 *
 * Each run is the scorers' own scripts with ARIADNE_RULES_OFF set (bench/relations-gold.ts
 * `benchRulesOff`); ~1-2 minutes per family on an idle machine, `--qa` adds the QA scorer.
 * Last line: the JSON of the table.
 */
import { existsSync } from 'node:fs';
import { RULE_FAMILIES, parseRulesOff } from '../src/extract/rules/registry';
import { field, runScorer } from './run-scorer';

const SETS = [
  { name: 'dev', dir: 'bench/gold-pages' },
  { name: 'check', dir: 'bench/check-pages' },
] as const;

const FIGURES = [
  { label: 'recall', script: 'bench/eval-pages.ts', read: (r: unknown) => field(r, 'mustRecall') },
  { label: 'typed', script: 'bench/eval-pages.ts', read: (r: unknown) => field(r, 'typedStrict') },
  { label: 'precision', script: 'bench/eval-pages.ts', read: (r: unknown) => field(field(r, 'precision'), 'typedPrecision') },
  { label: 'relations', script: 'bench/eval-relations.ts', read: (r: unknown) => field(r, 'recall') },
  { label: 'qa', script: 'bench/eval-qa.ts', read: (r: unknown) => field(r, 'strictAccuracy') },
] as const;

const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? parseRulesOff(args[onlyAt + 1] ?? '') : undefined;
const figures = FIGURES.filter((f) => f.label !== 'qa' || args.includes('--qa'));
const scripts = [...new Set(figures.map((f) => f.script))];

if (!existsSync('../shared/corpus/pages')) {
  console.log('eval:ablate: ../shared/corpus/pages not found; nothing to measure.');
  console.log(JSON.stringify({ skipped: true }));
  process.exit(0);
}

/** One value per "set figure" for a run with the given families off. */
function measure(off: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const set of SETS)
    for (const script of scripts) {
      const result = runScorer(script, set.dir, { ARIADNE_RULES_OFF: off });
      for (const f of figures.filter((x) => x.script === script)) {
        const v = f.read(result);
        if (typeof v === 'number') out.set(`${set.name} ${f.label}`, v);
      }
    }
  return out;
}

const columns = SETS.flatMap((s) => figures.map((f) => `${s.name} ${f.label}`));
process.stderr.write('eval:ablate: baseline…\n');
const base = measure('');
const table: Record<string, Record<string, number | null>> = { baseline: Object.fromEntries(columns.map((c) => [c, base.get(c) ?? null])) };
console.log(`${'family off'.padEnd(22)} ${columns.map((c) => c.padStart(15)).join('')}`);
console.log(`${'(baseline)'.padEnd(22)} ${columns.map((c) => String(base.get(c) ?? '-').padStart(15)).join('')}`);
for (const rule of RULE_FAMILIES) {
  if (only !== undefined && !only.has(rule.id)) continue;
  process.stderr.write(`eval:ablate: ${rule.id} off…\n`);
  const off = measure(rule.id);
  const delta = (c: string) => {
    const a = off.get(c);
    const b = base.get(c);
    return a === undefined || b === undefined ? undefined : Math.round((a - b) * 1000) / 1000;
  };
  table[rule.id] = Object.fromEntries(columns.map((c) => [c, delta(c) ?? null]));
  const cells = columns.map((c) => {
    const d = delta(c);
    return (d === undefined ? '-' : d > 0 ? `+${d}` : String(d)).padStart(15);
  });
  console.log(`${rule.id.padEnd(22)} ${cells.join('')}`);
}
console.log(JSON.stringify(table));
