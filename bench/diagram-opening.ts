/**
 * The diagram's opening view on a real graph: the first 12 annotated corpus pages
 * (../shared/corpus/gold-pages/annotated, captured and ingested as the background does),
 * drawn as the panel's Diagram tab first draws them before (the 60 most connected entities,
 * every relationship) and now (`diagramModel` with its defaults: grown from the best-connected
 * of what was read last, then from further centres until the budget is full). Prints the
 * nodes, the edges, the centres and the share of edges that are stated facts (not
 * `mentioned_with`).
 *
 *   npx tsx bench/diagram-opening.ts
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { selectDiagram } from '../src/core/mermaid/select';
import { diagramModel } from '../src/ui/viz/diagram-model';
import { buildGraph, pageFile, pageUrl } from './relations-gold';

const GOLD = '../shared/corpus/gold-pages/annotated';
const PAGES = '../shared/corpus/pages';
/** Pages read, as in the walk-through. */
const PAGE_COUNT = 12;

async function main(): Promise<void> {
  if (!existsSync(GOLD)) return console.log('diagram-opening: no corpus here; nothing to measure.');
  const names = readdirSync(GOLD)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
  const pages: { html: string; url: string }[] = [];
  for (const name of names) {
    const [dir = '', ...rest] = name.split('-');
    const file = pageFile(join(PAGES, dir), rest.join('-'));
    if (file !== undefined) pages.push({ html: readFileSync(file, 'utf8'), url: pageUrl(name) });
    if (pages.length === PAGE_COUNT) break;
  }
  const { store } = await buildGraph(pages);
  const before = await selectDiagram(store, {});
  const beforeFacts = before.diagram.edges.filter((e) => e.label !== 'mentioned_with').length;
  const after = await diagramModel(store, {});
  console.log(
    JSON.stringify({
      pages: pages.length,
      entities: before.totalEntities,
      before: {
        nodes: before.diagram.nodes.length,
        edges: before.diagram.edges.length,
        facts: beforeFacts,
        share: +(beforeFacts / Math.max(1, before.diagram.edges.length)).toFixed(3),
      },
      after: {
        centre: after.centre?.name,
        centres: 1 + (after.moreCentres?.length ?? 0),
        nodes: after.shown,
        edges: after.facts + after.coMentions,
        facts: after.facts,
        share: +(after.facts / Math.max(1, after.facts + after.coMentions)).toFixed(3),
      },
    }),
  );
}

void main();
