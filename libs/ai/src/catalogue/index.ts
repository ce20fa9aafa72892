export * from './catalogue-data';
export * from './procedure-matcher';
export * from './price-extraction';
