/**
 * `team_search` and `team_find_related`: `entity_search` and `entity_find_related` run in
 * the team database a workspace is linked to (docs/team.md), for graphs too large for
 * one browser. Same arguments, same result shapes (the local tools' own schemas), so an
 * agent reads the team graph the way it reads its own; read-only. The reads go through
 * the native host's team role; a workspace that is not linked, a host that is not
 * installed and a database that does not answer are all `unavailable`, with a message
 * saying which.
 *
 * @example
 *   registry.register(teamSearch);
 *   await registry.call('team_search', { query: 'stri' }, { caller: { kind: 'mcp' } }); // { results: [{ name: 'Stripe', … }] }
 */
import type { z } from 'zod';
import { AriadneError } from '../../errors';
import type { TeamConnection } from '../../team/host-wire';
import { defineTool } from '../registry';
import { entityFindRelated } from './entity-find-related';
import { entitySearch } from './entity-search';

export type TeamSearchInput = z.output<typeof entitySearch.inputSchema>;
export type TeamSearchOutput = z.output<typeof entitySearch.outputSchema>;
export type TeamRelatedInput = z.output<typeof entityFindRelated.inputSchema>;
export type TeamRelatedOutput = z.output<typeof entityFindRelated.outputSchema>;

/** The team graph of the workspace a registry serves. */
export interface TeamReads {
  search(input: TeamSearchInput): Promise<TeamSearchOutput>;
  findRelated(input: TeamRelatedInput): Promise<TeamRelatedOutput>;
}

export interface TeamToolDeps {
  /** Absent where no team sync runs (tests, the docs): the tools answer `unavailable`. */
  readonly teamReads?: TeamReads;
}

/** What the native host's team role answers for one connection. */
export interface TeamReadHost {
  search(connection: TeamConnection, input: TeamSearchInput): Promise<TeamSearchOutput>;
  related(connection: TeamConnection, input: TeamRelatedInput): Promise<TeamRelatedOutput>;
}

const NOT_LINKED =
  'This workspace is not linked to a team database: link it in Settings → Team (docs/team.md), or read the local graph with entity_search / entity_find_related.';

/**
 * Reads of one local workspace's team graph: its link is looked up at each call (a link
 * made or removed meanwhile counts), then the host answers for that connection.
 */
export function linkedTeamReads(linkOf: () => Promise<TeamConnection | undefined>, host: TeamReadHost): TeamReads {
  const connection = async (): Promise<TeamConnection> => {
    const link = await linkOf();
    if (link === undefined) throw new AriadneError('unavailable', NOT_LINKED);
    return link;
  };
  return {
    search: async (input) => host.search(await connection(), input),
    findRelated: async (input) => host.related(await connection(), input),
  };
}

function readsOf(deps: TeamToolDeps): TeamReads {
  if (deps.teamReads === undefined) throw new AriadneError('unavailable', 'Team reads are not available here (no team sync runs).');
  return deps.teamReads;
}

export const teamSearch = defineTool({
  name: 'team_search',
  description:
    "entity_search in the team database the workspace is linked to (Settings → Team), with the same arguments and results (ids are the team's; scores are trigram similarities). unavailable when not linked or unreachable.",
  sideEffectClass: 'read-only',
  tags: ['team', 'read'],
  inputSchema: entitySearch.inputSchema,
  outputSchema: entitySearch.outputSchema,
  examples: entitySearch.examples,
  execute: async (input, ctx: { deps: TeamToolDeps }) => {
    const out = await readsOf(ctx.deps).search(input);
    // Trigram scores are not the local index's: by default the database's own cut (pg_trgm's 0.3) decides, min_score only when given.
    const floor = input.min_score;
    return floor === undefined ? out : { results: out.results.filter((r) => r.score >= floor) };
  },
});

export const teamFindRelated = defineTool({
  name: 'team_find_related',
  description:
    'entity_find_related in the team database the workspace is linked to (Settings → Team), with the same arguments and results. unavailable when not linked or unreachable.',
  sideEffectClass: 'read-only',
  tags: ['team', 'read'],
  inputSchema: entityFindRelated.inputSchema,
  outputSchema: entityFindRelated.outputSchema,
  examples: entityFindRelated.examples,
  execute: async (input, ctx: { deps: TeamToolDeps }) => readsOf(ctx.deps).findRelated(input),
});
