export * from './practice-api';
export * from './business-hours';
export * from './email-accounts';
export * from './blocked-numbers';
