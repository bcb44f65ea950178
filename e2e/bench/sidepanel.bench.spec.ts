// Side-panel figures at 10k entities (bench project, not in the default run):
//   npx playwright test -c e2e/playwright.config.ts --project=bench bench/sidepanel.bench.spec.ts
// Prints the figures, then a JSON summary as the last line.
import { test } from '../support/fixtures';
import { measurePanel, percentile, seedBigGraph } from '../support/big-graph';

const N = 10_000;
/** Searches timed (each a one-letter typo of a different entity). */
const SEARCHES = 40;

test('side panel figures at 10k entities', async ({ sidePanel }) => {
  test.setTimeout(600_000);
  const panel = await sidePanel.open();
  await panel.setViewportSize({ width: 420, height: 900 });
  const seedStart = Date.now();
  const seeded = await seedBigGraph(panel, N);
  const seedMs = Date.now() - seedStart;
  const f = await measurePanel(panel, sidePanel.url, N, SEARCHES);
  const summary = {
    entities: seeded.entities,
    relationships: seeded.relationships,
    seed_import_ms: seedMs,
    first_render_ms: f.firstRenderMs,
    search_keystroke_to_results_ms: {
      p50: percentile(f.searchMs, 50),
      p95: percentile(f.searchMs, 95),
      max: Math.max(...f.searchMs),
      n: f.searchMs.length,
    },
    diagram_tab_to_svg_ms: f.diagramMs,
    diagram_mermaid_render_ms: f.diagramRenderMs,
    diagram_warm_redraw_ms: f.diagramWarmMs,
    diagram_warm_mermaid_render_ms: f.diagramWarmRenderMs,
    diagram_note: f.diagramNote,
  };
  console.log(`first render with ${N} entities: ${f.firstRenderMs} ms`);
  console.log(
    `search keystroke → results: p50 ${summary.search_keystroke_to_results_ms.p50} ms, p95 ${summary.search_keystroke_to_results_ms.p95} ms`,
  );
  console.log(`diagram at the default budget: ${f.diagramMs} ms from tab click to SVG (Mermaid render ${f.diagramRenderMs} ms)`);
  console.log(`diagram redraw (Mermaid loaded): ${f.diagramWarmMs} ms (Mermaid render ${f.diagramWarmRenderMs} ms)`);
  console.log(JSON.stringify(summary));
});
