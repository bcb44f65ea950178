/**
 * `graph_import_session`: a large export imported in parts (core/export/import-session.ts),
 * for the side panel's import with progress and Cancel. `begin` takes the graph's writer
 * for the whole import; each `part` is checked and written with its journal entry;
 * `commit` keeps everything, `cancel` (or a refused part, or a minute without a call)
 * takes everything back. A stopped worker's unfinished import is rolled back at the next
 * start (`importSessionsOf(deps).recover()`).
 */
import { z } from 'zod';
import { InvalidArgumentsError } from '../../errors';
import { graphDumpSchema } from '../../export/dump';
import { MemoryImportJournal } from '../../export/import-journal';
import { ImportSessions } from '../../export/import-session';
import type { ImportProgress } from '../../export/import-session';
import { randomIds, systemClock } from '../../graph/ids';
import type { GraphService } from '../../graph/service';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';
import { graphImport } from './graph-import';

const sessions = new WeakMap<GraphService, ImportSessions>();

/** The import sessions of one graph (one per graph service: one import at a time per graph). */
export function importSessionsOf(deps: GraphToolDeps): ImportSessions {
  const known = sessions.get(deps.graph);
  if (known !== undefined) return known;
  const { store, search, graph } = deps;
  const clock = deps.clock ?? systemClock;
  const made = new ImportSessions({
    store,
    ids: randomIds(clock),
    clock,
    journal: deps.importJournal ?? new MemoryImportJournal(store),
    exclusive: (run) => graph.exclusive(run),
    onEntityWritten: (e) => search.upsert(e),
    onEntityRemoved: (id) => search.remove(id),
  });
  sessions.set(graph, made);
  return made;
}

const countsSchema = z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() });

function required<T>(value: T | undefined, what: string, action: string): T {
  if (value === undefined) throw new InvalidArgumentsError(`"${action}" needs ${what}.`);
  return value;
}

const progressOut = (p: ImportProgress) => ({ ...p });

export const graphImportSession = defineTool({
  name: 'graph_import_session',
  description:
    'Import a large Ariadne JSON export in parts, all or nothing, with progress and cancel. begin (mode auto|restore|merge) returns an importId; part sends records in the export order (entities, relationships, evidence, pages, merges, reviews); commit keeps the import, cancel takes every part back. A bad part, or a minute without a call, takes the whole import back.',
  sideEffectClass: 'side-effecting',
  internal: true,
  tags: ['graph', 'write', 'data'],
  // Not under one writer turn per call: `begin` holds the writer until commit or cancel.
  executionMode: 'parallel',
  maxResultTokens: 2000,
  truncationStrategy: 'error',
  inputSchema: z.object({
    action: z.enum(['begin', 'part', 'commit', 'cancel']).describe('begin an import, send a part, keep it, or take it back'),
    mode: z.enum(['auto', 'restore', 'merge']).optional().describe('begin: auto restores into an empty graph, merges otherwise'),
    importId: z.string().min(1).max(100).optional().describe('part, commit, cancel: the id begin returned'),
    records: graphDumpSchema
      .partial({ format: true, version: true, exportedAt: true })
      .optional()
      .describe('part: records of the export, in its order'),
  }),
  outputSchema: z.object({
    importId: z.string().describe('The import this call belongs to'),
    mode: z.enum(['restore', 'merge']).optional().describe('What the import does'),
    parts: z.number().int().optional().describe('Parts written so far'),
    records: z.number().int().optional().describe('Records received so far'),
    entities: countsSchema.optional().describe('Entities created, updated and unchanged so far'),
    report: graphImport.outputSchema.optional().describe('commit: what the whole import wrote'),
    cancelled: z.boolean().optional().describe('cancel: every part was taken back'),
  }),
  examples: [
    {
      input: { action: 'begin', mode: 'auto' },
      output: { importId: 'import-1', mode: 'restore', parts: 0, records: 0, entities: { created: 0, updated: 0, unchanged: 0 } },
    },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps }) => {
    const imports = importSessionsOf(ctx.deps);
    const { action } = input;
    switch (action) {
      case 'begin':
        return progressOut(await imports.begin(input.mode ?? 'auto'));
      case 'part': {
        const { format: _f, version: _v, exportedAt: _t, ...records } = required(input.records, 'records', action);
        return progressOut(await imports.part(required(input.importId, 'an importId', action), records));
      }
      case 'commit': {
        const importId = required(input.importId, 'an importId', action);
        return { importId, report: await imports.commit(importId) };
      }
      case 'cancel': {
        const importId = required(input.importId, 'an importId', action);
        await imports.cancel(importId);
        return { importId, cancelled: true };
      }
    }
  },
});
