export * from './model';
export * from './situation';
export * from './catalogue';
