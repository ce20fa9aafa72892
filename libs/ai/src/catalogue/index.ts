export * from './catalogue-data';
export * from './procedure-matcher';
