/**
 * `node services/analytics/dist/database/seed.js`: the analytics service's demo data. It owns no seeded data
 * yet; each feature adds its seed here when it arrives.
 */
console.log('analytics: nothing to seed yet');
