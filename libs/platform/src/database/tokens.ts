/** Injection token of the service's PostgreSQL schema name. */
export const DATABASE_SCHEMA = Symbol('DATABASE_SCHEMA');
