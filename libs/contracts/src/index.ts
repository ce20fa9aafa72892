export * from './events';
export * from './leads';
export * from './demo-tenants';
export * from './realtime';
export * from './practices';
export * from './knowledge';
export * from './engine';
export * from './calendar';
