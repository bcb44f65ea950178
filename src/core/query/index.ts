/** The query loop: public exports. */
export * from './world-query';
export * from './query-context';
export * from './query-response';
export * from './info-capability';
export * from './capabilities';
export type * from './semantic-search.port';
export type * from './relationship.port';
export type * from './world-intelligence.port';
export type * from './answerer.port';
export * from './query-history';
export * from './graph-semantic-search';
export * from './graph-relationships';
export * from './token-name-search';
export * from './query-engine';
export * from './symbolic-answerer';
export * from './prompt';
export * from './entity-query';
export * from './name-index-search';
