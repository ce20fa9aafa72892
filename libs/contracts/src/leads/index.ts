export * from './stages';
export * from './filters';
export * from './phone';
export * from './lead-fields';
export * from './people-api';
export * from './field-mapping';
export * from './consents';
