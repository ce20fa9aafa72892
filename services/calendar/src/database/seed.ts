/**
 * `node services/calendar/dist/database/seed.js`: the calendar service's demo data. It owns no seeded data
 * yet; each feature adds its seed here when it arrives.
 */
console.log('calendar: nothing to seed yet');
