/**
 * `workspace_copy_page`: a captured page's part of one workspace's graph (the page
 * record, its entities, the relationships it contributed and its evidence) copied into
 * another workspace. The copy is an import in merge mode, so names go through the
 * target's resolver and join the entities they match there; nothing links the two
 * workspaces afterwards, and the source is left as it was.
 */
import { z } from 'zod';
import { MAX_URL_LENGTH } from '../../capture-limits';
import { ConflictError, InvalidArgumentsError, NotFoundError } from '../../errors';
import { MAX_EDGES_PER_OPERATION } from '../../graph/service';
import type { GraphReader } from '../../graph/store';
import type { Relationship } from '../../graph/types';
import { defineTool } from '../../tools/registry';
import type { GraphRecords, WorkspaceToolDeps } from './deps';
import { workspaceRefSchema } from './shared';

type Ctx = { readonly deps: WorkspaceToolDeps };

const countsSchema = z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() });

/** The page's records in `reader`'s graph; `not_found` when the page was never captured there. */
export async function pageRecords(reader: GraphReader, url: string, workspaceName: string): Promise<GraphRecords> {
  const page = await reader.getPage(url);
  if (page === undefined) throw new NotFoundError(`Workspace "${workspaceName}" has no captured page at ${url.slice(0, 200)}.`);
  const relationships = (await Promise.all(page.relationshipIds.map((id) => reader.getRelationship(id)))).filter(
    (r): r is Relationship => r !== undefined,
  );
  return {
    entities: await reader.getEntities(page.entityIds),
    relationships,
    evidence: await reader.evidenceOfPage(page.url, MAX_EDGES_PER_OPERATION),
    pages: [page],
  };
}

export const workspaceCopyPage = defineTool({
  name: 'workspace_copy_page',
  description:
    "Copy a captured page's entities, the relationships it contributed, its evidence and the page itself from one workspace (default: the active one) into another. Names join the entities they match in the target workspace; the source is unchanged.",
  sideEffectClass: 'side-effecting',
  tags: ['workspace', 'write', 'data'],
  inputSchema: z.object({
    url: z
      .string()
      .min(1, 'must not be empty')
      .max(MAX_URL_LENGTH, `must be at most ${MAX_URL_LENGTH} characters`)
      .describe('URL of the captured page'),
    to: workspaceRefSchema.describe('Workspace to copy into: its name (any case) or id'),
    from: workspaceRefSchema.optional().describe('Workspace the page is in (default: the active one)'),
  }),
  outputSchema: z.object({
    from: z.string().describe('Name of the workspace copied from'),
    to: z.string().describe('Name of the workspace copied into'),
    entities: countsSchema.describe('Entities created in the target, or joined (updated, unchanged)'),
    relationships: countsSchema.describe('Relationships created, or already there'),
    evidence: countsSchema.describe('Evidence rows created, or already there'),
  }),
  examples: [
    {
      input: { url: 'https://example.com/stripe', to: 'Thesis' },
      output: {
        from: 'Market scan',
        to: 'Thesis',
        entities: { created: 3, updated: 1, unchanged: 0 },
        relationships: { created: 2, updated: 0, unchanged: 0 },
        evidence: { created: 6, updated: 0, unchanged: 0 },
      },
    },
  ],
  execute: async (input, { deps }: Ctx) => {
    const from = input.from === undefined ? await deps.workspaces.active() : await deps.workspaces.resolve(input.from);
    const to = await deps.workspaces.resolve(input.to);
    if (from.id === to.id)
      throw new InvalidArgumentsError(`The page is already in workspace "${to.name}"; name another workspace as \`to\`.`);
    if (to.archived) throw new ConflictError(`Workspace "${to.name}" is archived and is not written; restore it first.`);
    const records = await pageRecords(await deps.readerOf(from), input.url, from.name);
    const out = await deps.importInto(to, records);
    return { from: from.name, to: to.name, entities: out.entities, relationships: out.relationships, evidence: out.evidence };
  },
});
