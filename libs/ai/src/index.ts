export * from './model';
export * from './situation';
