export * from './procedure-api';
export * from './promotion-status';
export * from './procedure-tree';
export * from './pricing-history';
