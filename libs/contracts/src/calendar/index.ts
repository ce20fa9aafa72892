export * from './appointments';
export * from './seed-handoff';
export * from './integrations';
