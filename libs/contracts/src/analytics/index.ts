export * from './metrics';
export * from './realtime';
export * from './seed-handoff';
