export * from './events';
export * from './leads/stages';
export * from './demo-tenants';
