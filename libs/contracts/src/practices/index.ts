export * from './practice-api';
