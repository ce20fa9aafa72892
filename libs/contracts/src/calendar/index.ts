export * from './appointments';
export * from './seed-handoff';
