/**
 * Why a gold question is answered as it is: builds the graph of the gold pages whose file
 * name holds `--page` (all pages when absent, as `eval:qa` does), asks each of their
 * templated questions and prints, under each answer, the stored sentences the answerer may
 * read about the entity asked (what READ_PAGE_SENTENCES returns) with the names and types
 * each sentence holds. Each answer shows its confidence and its claims (value, basis, pages).
 *
 *   npx tsx bench/qa-trace.ts --gold bench/gold-pages [--page pebble] [--question "Core use"] [--wrong]
 */
import { CAPABILITY } from '../src/core/query/capabilities';
import { answerQuestion, createQueryEngine } from '../src/core/query/entity-query';
import { fulfillRequest } from '../src/core/query/fulfill';
import { GraphRelationships } from '../src/core/query/graph-relationships';
import { GraphSemanticSearch } from '../src/core/query/graph-semantic-search';
import { tokenNameSearch } from '../src/core/query/token-name-search';
import { goldArgs, names, namesOf, readGoldRelations, templatedQuestion, withoutNames } from './relations-gold';
import { buildQaGraph } from './qa-score';

const { goldDir, pagesDir, args } = goldArgs('qa-trace', '[--page <part of file name>] [--question <part>] [--wrong]');
const option = (flag: string): string | undefined => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};
const pagePart = option('--page');
const questionPart = option('--question')?.toLowerCase();
const wrongOnly = args.includes('--wrong');
// --brief: only the read sentence holding the gold evidence (or that none does), not every sentence.
const brief = args.includes('--brief');
const squash = (t: string): string =>
  t
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const gold = readGoldRelations(goldDir).filter((p) => pagePart === undefined || p.file.includes(pagePart));
const { store, clock } = await buildQaGraph(gold, pagesDir);
const engine = createQueryEngine({ store, clock });
const deps = { store, search: new GraphSemanticSearch(store, tokenNameSearch(store)), relationships: new GraphRelationships(store) };
for (const page of gold) {
  for (const r of page.relations) {
    const q = templatedQuestion(r);
    if (q === undefined || (questionPart !== undefined && !q.question.toLowerCase().includes(questionPart))) continue;
    const result = await answerQuestion(q.question, { engine, store });
    const asked = q.expected === r.to ? r.from : r.to;
    const ok = names(withoutNames(result.answer, namesOf(page, asked)), namesOf(page, q.expected));
    if (wrongOnly && ok) continue;
    console.log(
      `\n${ok ? 'RIGHT' : 'WRONG'} [${result.confidence}] ${q.question} → ${q.expected}\n  answer: ${result.answer.replace(/\s+/g, ' ').slice(0, 300)}`,
    );
    // Each value given, with what backs it and the page that states it.
    for (const c of result.claims ?? [])
      console.log(`  claim: ${c.value} (${c.basis}) ← ${c.pages.map((p) => p.title).join('; ') || 'no page'}`);
    console.log(`  gold evidence: ${r.evidence}`);
    const found = await deps.search.search(asked, { limit: 1 });
    const id = found[0]?.id;
    if (id === undefined) {
      console.log('  (the asked entity is not in the graph)');
      continue;
    }
    const patch = await fulfillRequest(
      deps,
      { capabilityId: CAPABILITY.READ_PAGE_SENTENCES, parameters: { entityId: id } },
      { now: clock.now() },
    );
    const read = patch.sentencesOf(id) ?? [];
    const evidence = squash(r.evidence);
    const shown = brief ? read.filter((s) => evidence.includes(squash(s.text)) || squash(s.text).includes(evidence)) : read;
    console.log(`  asked entity: ${found[0]?.name ?? ''} (${found[0]?.type ?? ''}), ${read.length} sentences read`);
    if (brief && shown.length === 0) console.log('  (no sentence read holds the evidence)');
    for (const s of shown) console.log(`  · ${s.text.slice(0, 240)}\n      [${s.names.map((n) => `${n.name}:${n.type}`).join(', ')}]`);
  }
}
