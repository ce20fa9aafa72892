export * from './topics';
export * from './envelope';
export * from './lead-events';
export * from './practice-changes';
export * from './appointment-events';
export * from './practice-change-rules';
export * from './knowledge-changes';
export * from './lead-pageviews';
