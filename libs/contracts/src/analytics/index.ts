export * from './metrics';
export * from './realtime';
