export * from './database';
export * from './service';
