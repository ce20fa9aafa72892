export * from './close-codes';
