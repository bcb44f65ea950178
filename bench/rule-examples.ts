/**
 * `npm run eval:rule-examples`: finds, for each rule family of the registry
 * (src/extract/rules/registry.ts), corpus pages where switching it off changes what the
 * analysis keeps (a name, its type, or a typed relation), one page per site, so each family
 * can cite examples from at least two sites. Check-set pages are skipped (never tuned on,
 * not cited). Prints per family the pages and what changed; last line: JSON.
 *
 *   npm run eval:rule-examples [-- --max-pages 60 --sites 3 --only generic-terms,keep-model]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPageRecognizer, RECOGNIZER_RULES } from '../src/background/ingest';
import { analyzeCapture } from '../src/extract/analysis/analyze';
import { MENTIONED_WITH } from '../src/extract/relations/cooccurrence';
import { NO_RULES_OFF, RULE_FAMILIES, parseRulesOff, type RuleId, type RulesOff } from '../src/extract/rules/registry';
import { captureSaved, checkPageNames, pageFile, pageUrl } from './relations-gold';

const PAGES = '../shared/corpus/pages';
if (!existsSync(PAGES)) {
  console.log('eval:rule-examples: ../shared/corpus/pages not found; nothing to look at.');
  console.log(JSON.stringify({ skipped: true }));
  process.exit(0);
}
const args = process.argv.slice(2);
const arg = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  const v = at >= 0 ? Number(args[at + 1]) : fallback;
  if (!Number.isInteger(v) || v < 1) throw new Error(`${name} takes a positive whole number`);
  return v;
};
const MAX_PAGES = arg('--max-pages', 80);
const SITES_WANTED = arg('--sites', 3);
const onlyAt = args.indexOf('--only');
const families = RULE_FAMILIES.filter((r) => onlyAt < 0 || parseRulesOff(args[onlyAt + 1] ?? '').has(r.id));

/** Pages of the check set: never cited, never looked at for rules. */
const checkPages = checkPageNames();

/** The site of a page folder: metascraper folders are sites, readability folders end in a number ("nytimes-2"). */
function siteOf(page: string): string {
  const [set = '', dir = ''] = page.split('/');
  return set === 'metascraper' ? dir : dir.replace(/-\d+$/, '');
}

const candidates = ['metascraper', 'readability']
  .flatMap((set) => readdirSync(join(PAGES, set)).map((d) => `${set}/${d}`))
  .filter((p) => !checkPages.has(p) && pageFile(PAGES, p) !== undefined && !/^readability\/\d/.test(p))
  .sort();

const recognizers = new Map<string, ReturnType<typeof createPageRecognizer>>();
function recognizer(rulesOff: RulesOff): ReturnType<typeof createPageRecognizer> {
  // One recognizer per setting of the families the recognizer itself reads.
  const key = RECOGNIZER_RULES.map((id) => rulesOff.has(id)).join();
  const r = recognizers.get(key) ?? createPageRecognizer(rulesOff);
  recognizers.set(key, r);
  return r;
}

/** What the analysis keeps: names with types, and typed relations. */
function kept(capture: ReturnType<typeof captureSaved>, rulesOff: RulesOff): Set<string> {
  const a = analyzeCapture(capture, { recognizer: recognizer(rulesOff), rulesOff });
  return new Set([
    ...a.entities.map((e) => `${e.name} (${e.type})`),
    ...a.relations.filter((r) => r.label !== MENTIONED_WITH).map((r) => `${r.from} ${r.label} ${r.to}`),
  ]);
}

interface Example {
  readonly page: string;
  readonly site: string;
  readonly lost: string[];
  readonly gained: string[];
}
const found = new Map<RuleId, Example[]>(families.map((r) => [r.id, []]));
let looked = 0;
const seenSites = new Set<string>();
// One page per site first, so the examples spread over sites.
const ordered = [
  ...candidates.filter((p) => (seenSites.has(siteOf(p)) ? false : (seenSites.add(siteOf(p)), true))),
  ...candidates.filter((p) => !seenSites.has(siteOf(p))),
];
for (const page of ordered) {
  if (looked >= MAX_PAGES || [...found.values()].every((v) => v.length >= SITES_WANTED)) break;
  const html = pageFile(PAGES, page);
  if (html === undefined) continue;
  looked += 1;
  const capture = captureSaved(readFileSync(html, 'utf8'), pageUrl(page));
  const base = kept(capture, NO_RULES_OFF);
  for (const rule of families) {
    const list = found.get(rule.id) ?? [];
    if (list.length >= SITES_WANTED || list.some((e) => e.site === siteOf(page))) continue;
    const off = kept(capture, parseRulesOff(rule.id));
    // What the family adds is lost when it is off; what it removes comes back.
    const lost = [...base].filter((k) => !off.has(k)).slice(0, 3);
    const gained = [...off].filter((k) => !base.has(k)).slice(0, 3);
    if (lost.length + gained.length > 0) list.push({ page, site: siteOf(page), lost, gained });
  }
}
console.log(`looked at ${looked} pages (check-set pages skipped)`);
for (const rule of families) {
  const list = found.get(rule.id) ?? [];
  console.log(`${rule.id}: ${list.length} site(s)`);
  for (const e of list) console.log(`  ${e.page}: off loses [${e.lost.join('; ')}] gains [${e.gained.join('; ')}]`);
}
console.log(JSON.stringify(Object.fromEntries([...found].map(([id, list]) => [id, list.map((e) => e.page)]))));
