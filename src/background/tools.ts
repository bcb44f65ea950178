/**
 * Builds the background's tool registry: every graph operation as a named tool
 * (`createAppRegistry`: the graph tools agents and the side panel call,
 * `resolve` and `resolve_reference_target`), served to extension pages through
 * `tool.call` and to agents through the MCP bridge. The name index behind
 * `entity_search` follows the graph's changes from start and reads nothing up front:
 * searches go to the persisted key index until, for graphs up to IN_MEMORY_NAMES
 * entities, the in-memory n-gram index has filled in the background (NameIndex.follow).
 *
 * `entity_query` runs the query loop with the answerer the user chose in settings
 * (offline symbolic by default; an OpenAI-compatible endpoint or Chrome's built-in
 * model, with the symbolic answer as fallback), rebuilt when the settings change.
 *
 * @example
 *   const registry = await createToolRegistry({ graph, store });
 *   await registry.call('entity_search', { query: 'stri' }, { caller: { kind: 'extension' } });
 */
import { OpenAiCompatibleClient } from '../adapters/llm/openai-compatible-client';
import { LlmAnswerer } from '../adapters/llm/llm-answerer';
import { PromptApiAnswerer, detectPromptApi, isPromptApiReady } from '../adapters/llm/prompt-api-answerer';
import { WikidataAuthority } from '../adapters/wikidata/wikidata-authority';
import { isSettingsChange, readSettings } from './read-settings';
import { systemClock } from '../core/graph/ids';
import type { GraphService } from '../core/graph/service';
import type { GraphStore } from '../core/graph/store';
import type { PageRereader } from '../core/ingest/reread-runner';
import type { Answerer } from '../core/query/answerer.port';
import { createQueryEngine } from '../core/query/entity-query';
import { nameIndexSearch } from '../core/query/name-index-search';
import { InMemoryQueryHistory } from '../core/query/query-history';
import type { QueryEngine } from '../core/query/query-engine';
import { captureSentenceReader } from '../extract/relations/sentence-reader';
import { ReferenceRegistry } from '../core/reference/registry';
import { llmSelectorFromClient } from '../core/resolve/llm-selector-bridge';
import { createResolver } from '../core/resolve/resolver';
import type { Resolver } from '../core/resolve/resolver';
import { searchByKeys } from '../core/search/key-search';
import { NameIndex } from '../core/search/name-index';
import type { Settings } from '../core/settings';
import type { AppToolDeps } from '../core/tools/app-registry';
import { createAppRegistry } from '../core/tools/app-registry';
import type { TeamReads } from '../core/tools/definitions/team-reads';
import { importSessionsOf } from '../core/tools/definitions/graph-import-session';
import type { ImportJournal } from '../core/export/import-journal';
import type { ToolRegistry } from '../core/tools';
import { browser } from 'wxt/browser';

/**
 * Graphs up to this many entities also get the in-memory n-gram index (better typo
 * tolerance), filled in the background after start: ~0.2 s of worker CPU at 10k in
 * Chromium (bench:scale), so ~0.4 s here. Larger graphs search the persisted keys only,
 * so a worker start costs the same at 100k as at 1M and memory stays bounded.
 */
export const IN_MEMORY_NAMES = 20_000;

export interface ToolSources {
  readonly graph: GraphService;
  readonly store: GraphStore;
  /** Re-reads stored pages (`page_reread`). */
  readonly rereader?: PageRereader;
  /** The linked team database's reads (`team_search`, `team_find_related`). */
  readonly teamReads?: TeamReads;
  /** Where imports in parts journal their parts (the workspace's database). */
  readonly importJournal?: ImportJournal;
}

export async function createToolRegistry({
  graph,
  store,
  rereader,
  teamReads,
  importJournal,
}: ToolSources): Promise<ToolRegistry<AppToolDeps>> {
  // Nothing read at start: searches use the persisted keys until (small graphs only) the
  // in-memory index has filled in the background; captures never wait for it.
  const { index: search, filled } = NameIndex.follow(store, graph, {
    fallback: (query, options) => searchByKeys(store, query, options),
    maxInMemory: IN_MEMORY_NAMES,
  });
  filled.catch((error: unknown) =>
    console.warn(`Ariadne search: the in-memory name index was not filled (${String(error)}); searches read the persisted keys`),
  );
  const clock = systemClock;
  // One history and one reference registry for the worker's life: answers and objects of the window conversations.
  const history = new InMemoryQueryHistory();
  const references = new ReferenceRegistry({ clock });
  const nameSearch = nameIndexSearch(search, store);
  // Questions read stored sentences with the capture's relation stage: one engine for both.
  const relationReader = captureSentenceReader();
  let engine: QueryEngine = createQueryEngine({ store, clock, nameSearch, history, relationReader });
  let resolver: Resolver = createResolver({ store, clock, settings: { networkLookups: false } });

  const configure = async (settings: Settings): Promise<void> => {
    const client =
      settings.llm.provider === 'openai-compatible' && settings.llm.model !== ''
        ? new OpenAiCompatibleClient({
            baseUrl: settings.llm.baseUrl,
            model: settings.llm.model,
            apiKey: settings.llm.apiKey,
            timeoutMs: settings.llm.timeoutMs,
          })
        : undefined;
    const answerer = await answererFor(settings, client);
    engine = createQueryEngine({ store, clock, nameSearch, history, relationReader, ...(answerer ? { answerer } : {}) });
    resolver = createResolver({
      store,
      clock,
      settings: { networkLookups: settings.network.wikidata },
      ...(settings.network.wikidata ? { authority: new WikidataAuthority() } : {}),
      ...(client ? { llm: llmSelectorFromClient(client) } : {}),
    });
  };
  await configure(await readSettings());
  browser.storage?.onChanged.addListener((changes, area) => {
    if (isSettingsChange(changes, area)) void readSettings().then(configure);
  });

  const deps: AppToolDeps = {
    graph,
    store,
    search,
    clock,
    references,
    ...(rereader === undefined ? {} : { rereader }),
    ...(teamReads === undefined ? {} : { teamReads }),
    ...(importJournal === undefined ? {} : { importJournal }),
    // Getters: a settings change swaps the engine and resolver under the same registry.
    get queryEngine() {
      return engine;
    },
    get resolver() {
      return resolver;
    },
  };
  // An import in parts a stopped worker left unfinished is taken back before any other write (the writer is FIFO).
  importSessionsOf(deps)
    .recover()
    .catch((error: unknown) =>
      console.warn(`Ariadne import: rolling back an unfinished import failed (${String(error)}); it is tried again at the next start`),
    );
  return createAppRegistry(deps, { warn: (message) => console.warn(`Ariadne tools: ${message}`) });
}

/** The answerer the settings ask for, when it is usable; undefined means the offline one. */
async function answererFor(settings: Settings, client: OpenAiCompatibleClient | undefined): Promise<Answerer | undefined> {
  if (client) return new LlmAnswerer(client);
  if (settings.llm.provider === 'prompt-api' && (await isPromptApiReady())) {
    const api = detectPromptApi();
    return api ? new PromptApiAnswerer(api) : undefined;
  }
  return undefined;
}
