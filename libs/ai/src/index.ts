export * from './model';
export * from './situation';
export * from './catalogue';
export * from './tokens';
export * from './config';
export * from './openai/openai-model';
export * from './safe-model';
export * from './ai.module';
