export * from './model';
export * from './situation';
export * from './retrieval/search-query';
export * from './retrieval/search-sql';
