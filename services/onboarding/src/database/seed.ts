/**
 * `node services/onboarding/dist/database/seed.js`: the onboarding service's demo data. It owns no seeded data
 * yet; each feature adds its seed here when it arrives.
 */
console.log('onboarding: nothing to seed yet');
