/** Exporters and importers of the graph (pure): public exports. */
export * from './dump';
export * from './check-dump';
export * from './import';
export * from './csv';
export * from './graphml';
export * from './markdown';
export * from './export-files';
export * from './zip';
export * from './web-url';
