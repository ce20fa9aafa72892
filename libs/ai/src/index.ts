export * from './model';
export * from './situation';
export * from './catalogue';
export * from './builtin/understand/understand';
export * from './retrieval/search-query';
export * from './retrieval/search-sql';
