/**
 * `node services/knowledge/dist/database/seed.js`: the knowledge service's demo data. It owns no seeded data
 * yet; each feature adds its seed here when it arrives.
 */
console.log('knowledge: nothing to seed yet');
