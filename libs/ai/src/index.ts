export * from './model';
export * from './situation';
export * from './catalogue';
export * from './builtin/understand/understand';
