export * from './close-codes';
export * from './welcome';
