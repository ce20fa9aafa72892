export * from './practice-api';
export * from './business-hours';
