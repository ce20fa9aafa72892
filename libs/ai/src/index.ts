export * from './model';
export * from './situation';
export * from './safety/prices';
export * from './safety/sms';
export * from './scoring/lead-score';
export * from './builtin/draft/draft';
export * from './builtin/answer/answer';
export * from './catalogue';
export * from './builtin/understand/understand';
export * from './retrieval/search-query';
export * from './retrieval/search-sql';

export * from './builtin/built-in-model';
