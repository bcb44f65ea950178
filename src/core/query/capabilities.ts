/**
 * The built-in capabilities (search, entity details, relationships, neighbours,
 * attributes and types, plus paths between two entities and captured pages), rebuilt from the context before every answerer
 * turn so their allowed values are exactly what the context holds. All are read-only.
 */
import { ENTITY_TYPES } from '../graph/types';
import {
  createEntityIdParam,
  createEntityIdsParam,
  createEnumParam,
  createIntegerParam,
  createTextParam,
  type InfoCapability,
} from './info-capability';
import type { PageScope, QueryContext } from './query-context';

export const CAPABILITY = {
  EXPAND_ENTITY: 'EXPAND_ENTITY',
  EXPAND_ENTITIES: 'EXPAND_ENTITIES',
  SEARCH_ENTITIES: 'SEARCH_ENTITIES',
  GET_ENTITY_BY_NAME: 'GET_ENTITY_BY_NAME',
  GET_RELATIONSHIPS: 'GET_RELATIONSHIPS',
  LIST_ENTITY_DEFINITIONS: 'LIST_ENTITY_DEFINITIONS',
  GET_ENTITIES_BY_DEFINITION: 'GET_ENTITIES_BY_DEFINITION',
  FIND_PATH: 'FIND_PATH',
  GET_CAPTURED_PAGES: 'GET_CAPTURED_PAGES',
  READ_PAGE_SENTENCES: 'READ_PAGE_SENTENCES',
  READ_SENTENCES_NAMING: 'READ_SENTENCES_NAMING',
  FIND_CO_MENTIONED: 'FIND_CO_MENTIONED',
} as const;
/** Sentences one READ_PAGE_SENTENCES request returns: enough to find a stated fact, small in a prompt. */
export const MAX_SENTENCES_READ = 40;
/** The newest pages READ_SENTENCES_NAMING looks through for a name no entity has: a bounded scan. */
export const NAME_SCAN_PAGES = 200;

export type CapabilityId = (typeof CAPABILITY)[keyof typeof CAPABILITY];

// How many entities one EXPAND_ENTITIES or GET_RELATIONSHIPS request may name: keeps one turn's result small.
export const MAX_IDS_PER_REQUEST = 5;
// Search and listing results per request; the context caps the total anyway.
export const MAX_RESULTS_PER_REQUEST = 20;
// Free-text parameters are names or short queries.
export const MAX_TEXT_PARAM = 200;
// Paths longer than this are not an explanation any more.
export const MAX_PATH_DEPTH = 4;
// A chain of stated relations longer than this says little about how two things are connected:
// FIND_PATH looks for one this short first, before any chain that uses co-mentions.
export const STATED_PATH_DEPTH = 3;
// Entities one FIND_CO_MENTIONED request returns: a readable list, a small prompt.
export const MAX_CO_MENTIONS = 20;
/** The farthest a listing may start (`from`): the rest of a long list is paged, never read whole. */
export const MAX_LIST_START = 10_000;

export interface CapabilityEnvironment {
  /** The URL of the page the user is on, when the question came from a tab. */
  readonly pageUrl?: string;
}

/**
 * The capabilities available for `context`; a capability whose constrained parameter
 * would have no allowed value is left out.
 *
 * @example
 *   const caps = buildCapabilities(context, { pageUrl: tab.url });
 *   caps.map((c) => c.id) // ['EXPAND_ENTITY', 'EXPAND_ENTITIES', 'SEARCH_ENTITIES', …]
 */
export function buildCapabilities(context: QueryContext, env: CapabilityEnvironment = {}): InfoCapability[] {
  const expandable = context.expandableEntityIds;
  const all = context.allEntityIds;
  const caps: InfoCapability[] = [];
  if (expandable.length > 0) {
    caps.push({
      id: CAPABILITY.EXPAND_ENTITY,
      description: 'Load the full record of one entity: attributes, relationships and the pages it was read from.',
      parameters: [createEntityIdParam('entityId', 'Entity to expand', expandable)],
    });
    caps.push({
      id: CAPABILITY.EXPAND_ENTITIES,
      description: `Load the full records of up to ${MAX_IDS_PER_REQUEST} entities at once.`,
      parameters: [createEntityIdsParam('entityIds', 'Entities to expand', expandable, MAX_IDS_PER_REQUEST)],
    });
  }
  caps.push({
    id: CAPABILITY.SEARCH_ENTITIES,
    description: 'Search the graph for entities matching a query (names and aliases).',
    parameters: [
      createTextParam('query', 'What to search for', MAX_TEXT_PARAM),
      createIntegerParam('limit', 'How many results (default 10)', 1, MAX_RESULTS_PER_REQUEST),
    ],
  });
  caps.push({
    id: CAPABILITY.GET_ENTITY_BY_NAME,
    description: 'Find an entity by its name or an alias (tolerates small spelling differences).',
    parameters: [createTextParam('name', 'The entity name', MAX_TEXT_PARAM)],
  });
  if (all.length > 0) {
    caps.push({
      id: CAPABILITY.GET_RELATIONSHIPS,
      description: 'List the relationships of entities in the context, with the entities at the other end.',
      parameters: [
        createEntityIdsParam('entityIds', 'Entities whose relationships to load', all, MAX_IDS_PER_REQUEST),
        createEnumParam('direction', 'out: from these entities; in: to them; both (default)', ['out', 'in', 'both'], false),
      ],
    });
  }
  caps.push({
    id: CAPABILITY.LIST_ENTITY_DEFINITIONS,
    description: 'Schema discovery: entity types with counts, relationship labels with counts, and the most connected entities.',
    parameters: [],
  });
  const types = context.definitions?.filter((d) => d.count > 0).map((d) => d.type) ?? [...ENTITY_TYPES];
  if (types.length > 0) {
    caps.push({
      id: CAPABILITY.GET_ENTITIES_BY_DEFINITION,
      description: 'List entities of one type, most mentioned first.',
      parameters: [
        createEnumParam('definition', 'Entity type', types),
        createIntegerParam('limit', 'How many entities (default 10)', 1, MAX_RESULTS_PER_REQUEST),
        createIntegerParam('from', 'Start rank', 1, MAX_LIST_START),
      ],
    });
  }
  if (all.length >= 2) {
    caps.push({
      id: CAPABILITY.FIND_PATH,
      description: `How two entities are connected: the shortest chain of stated relations (≤${STATED_PATH_DEPTH} steps), else of any links (≤${MAX_PATH_DEPTH}); and the pages naming both, with their sentences.`,
      parameters: [createEntityIdParam('fromId', 'Start entity', all), createEntityIdParam('toId', 'End entity', all)],
    });
  }
  if (all.length > 0) {
    caps.push({
      id: CAPABILITY.FIND_CO_MENTIONED,
      description: `Entities on the same captured pages as one entity, most shared pages first (≤${MAX_CO_MENTIONS}), with page titles.`,
      parameters: [
        createEntityIdParam('entityId', 'Entity', all),
        createEnumParam('definition', 'Only this type', [...ENTITY_TYPES], false),
        createIntegerParam('from', 'Start rank', 1, MAX_LIST_START),
      ],
    });
  }
  if (all.length > 0) {
    caps.push({
      id: CAPABILITY.READ_PAGE_SENTENCES,
      description: `Read the stored sentences of the captured pages that name one entity (at most ${MAX_SENTENCES_READ}), with the page's entities each names: for questions the relationships do not answer.`,
      parameters: [createEntityIdParam('entityId', 'Entity to read about', all)],
    });
  }
  caps.push({
    id: CAPABILITY.READ_SENTENCES_NAMING,
    description: 'Read stored sentences of the newest pages holding a name no entity has.',
    parameters: [createTextParam('name', 'The name', MAX_TEXT_PARAM)],
  });
  const scopes: PageScope[] = env.pageUrl ? ['current_page', 'today', 'recent'] : ['today', 'recent'];
  caps.push({
    id: CAPABILITY.GET_CAPTURED_PAGES,
    description: 'Pages the user captured and the entities read from them: the current page, today, or the most recent.',
    parameters: [createEnumParam('scope', 'Which pages', scopes), createIntegerParam('from', 'Start rank, newest 1', 1, MAX_LIST_START)],
  });
  return caps;
}
