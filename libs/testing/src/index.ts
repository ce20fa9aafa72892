export * from './database';
export * from './service';
export * from './identity';
export * from './secrets';
export * from './repository-literals';
export * from './kafka';
export * from './practices';
export * from './fake-llm-server';
