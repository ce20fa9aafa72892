export * from './practice-api';
export * from './business-hours';
export * from './email-accounts';
