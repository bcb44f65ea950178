/**
 * `page_reread`: analyse stored pages again with the current recognizer and relation
 * extractor (their kept sentences, title and URL), replacing what the older reading
 * contributed and keeping every user edit (`ingest/reread.ts`). One page now, or all pages
 * (or those an older analyzer version read) in the background with progress.
 */
import { z } from 'zod';
import { MAX_URL_LENGTH } from '../../capture-limits';
import { AriadneError } from '../../errors';
import type { RereadOutcome } from '../../ingest/reread';
import type { PageRereader, RereadProgress } from '../../ingest/reread-runner';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';

/** Names listed per page in the result (the counts are exact). */
const MAX_NAMES_LISTED = 30;

const runSchema = z.object({
  state: z.enum(['idle', 'running', 'done', 'cancelled']).describe('The background run: idle (none yet), running, done or cancelled'),
  scope: z.enum(['all', 'outdated']).optional().describe('Which pages it reads'),
  done: z.number().int().describe('Pages read so far'),
  total: z.number().int().describe('Pages it reads in all'),
  failed: z.number().int().describe('Pages that could not be re-read (left as they were)'),
  current_url: z.string().optional().describe('The page being read now'),
  current_title: z.string().optional().describe('Its title'),
  last_error: z.string().optional().describe('Why the last failed page failed'),
});

const pageSchema = z.object({
  url: z.string().describe('The page re-read'),
  title: z.string().describe('Its title'),
  status: z.enum(['reread', 'no_text']).describe('reread, or no_text: the page keeps no sentences (capture it again), nothing changed'),
  entities_before: z.number().int().describe('Entities the page listed before'),
  entities_after: z.number().int().describe('Entities it lists now'),
  entities_added: z.array(z.string()).describe(`Names new to the page (the first ${MAX_NAMES_LISTED})`),
  entities_removed: z
    .array(z.string())
    .describe(`Names removed from the graph: only the older reading of this page found them (the first ${MAX_NAMES_LISTED})`),
  relationships_before: z.number().int().describe('Relationships the page listed before'),
  relationships_after: z.number().int().describe('Relationships it lists now'),
  deleted_names_skipped: z.number().int().describe('Names found again that the user had deleted: left out'),
});

function runOf(p: RereadProgress): z.infer<typeof runSchema> {
  return {
    state: p.state,
    ...(p.scope === undefined ? {} : { scope: p.scope }),
    done: p.done,
    total: p.total,
    failed: p.failed,
    ...(p.current === undefined ? {} : { current_url: p.current.url, current_title: p.current.title }),
    ...(p.lastError === undefined ? {} : { last_error: p.lastError }),
  };
}

function pageOf(o: RereadOutcome): z.infer<typeof pageSchema> {
  return {
    url: o.url,
    title: o.title,
    status: o.status,
    entities_before: o.entitiesBefore,
    entities_after: o.entitiesAfter,
    entities_added: o.entitiesAdded.slice(0, MAX_NAMES_LISTED),
    entities_removed: o.entitiesRemoved.slice(0, MAX_NAMES_LISTED),
    relationships_before: o.relationshipsBefore,
    relationships_after: o.relationshipsAfter,
    deleted_names_skipped: o.deletedNamesSkipped,
  };
}

function rereaderOf(deps: GraphToolDeps): PageRereader {
  if (deps.rereader === undefined) {
    throw new AriadneError(
      'unavailable',
      'Re-reading pages needs the extension’s analyzer, which is not loaded here; use the Pages view of the side panel.',
    );
  }
  return deps.rereader;
}

export const pageReread = defineTool({
  name: 'page_reread',
  description:
    'Read captured pages again with the current analyzers, replacing what an older reading found; ' +
    'edits by hand and what an LLM read are kept. url: one page now; pages "outdated" or "all": a background run; ' +
    'cancel: stop it; nothing: its progress.',
  sideEffectClass: 'side-effecting',
  tags: ['graph', 'write'],
  // Not under one writer turn for the whole call: each page takes the writer for itself, so captures go in between.
  executionMode: 'parallel',
  inputSchema: z.object({
    url: z.string().min(1).max(MAX_URL_LENGTH).optional().describe('Re-read this page now (its URL as the page list shows it)'),
    pages: z
      .enum(['all', 'outdated'])
      .optional()
      .describe('Start re-reading in the background: every page, or those an older analyzer read'),
    cancel: z.boolean().optional().describe('true: stop the background run before its next page'),
  }),
  outputSchema: z.object({
    analyzer_version: z.number().int().describe('The current analyzer version (each page records the version that read it)'),
    outdated_pages: z.number().int().optional().describe('Pages read by an older version (given when no run is going on)'),
    page: pageSchema.optional().describe('The page re-read, with url'),
    run: runSchema.describe('The background run'),
  }),
  examples: [
    {
      description: 'One page',
      input: { url: 'https://example.com/paystack' },
      output: {
        analyzer_version: 2,
        page: {
          url: 'https://example.com/paystack',
          title: 'Stripe buys Paystack',
          status: 'reread',
          entities_before: 2,
          entities_after: 3,
          entities_added: ['Lagos'],
          entities_removed: [],
          relationships_before: 1,
          relationships_after: 2,
          deleted_names_skipped: 0,
        },
        run: { state: 'idle', done: 0, total: 0, failed: 0 },
      },
    },
    {
      description: 'Start re-reading the pages an older analyzer read',
      input: { pages: 'outdated' },
      output: { analyzer_version: 2, run: { state: 'running', scope: 'outdated', done: 0, total: 12, failed: 0 } },
    },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps }) => {
    const rereader = rereaderOf(ctx.deps);
    const version = { analyzer_version: rereader.analyzerVersion };
    if (input.cancel === true) return { ...version, run: runOf(rereader.cancel()) };
    if (input.url !== undefined) {
      const out = await rereader.rereadOne(input.url);
      return { ...version, page: pageOf(out), run: runOf(rereader.status()) };
    }
    if (input.pages !== undefined) return { ...version, run: runOf(await rereader.start(input.pages)) };
    const run = rereader.status();
    return { ...version, run: runOf(run), ...(run.state === 'running' ? {} : { outdated_pages: await rereader.countOutdated() }) };
  },
});
