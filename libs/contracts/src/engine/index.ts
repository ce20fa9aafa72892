export * from './insights';
export * from './tracking';
