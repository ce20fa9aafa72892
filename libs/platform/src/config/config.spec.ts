import { z } from 'zod';
import { baseConfigSchema, ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  const schema = baseConfigSchema.extend({ PORT: z.coerce.number().int().default(8081) });

  it('applies the local defaults when nothing is set', () => {
    const config = loadConfig('people', schema, {});
    expect(config.PORT).toBe(8081);
    expect(config.KAFKA_BROKERS).toEqual(['127.0.0.1:9092']);
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/practicepilot');
    expect(config.INTERNAL_TOKEN_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses a bad value and names the variable', () => {
    expect(() => loadConfig('people', schema, { PORT: 'eighty', REDIS_URL: 'http://x' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig('people', schema, { PORT: 'eighty', REDIS_URL: 'http://x' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('Invalid configuration for people');
      expect(message).toContain('PORT');
      expect(message).toContain('REDIS_URL: must be a URL starting with redis:// or rediss://');
    }
  });

  it('splits a broker list and rejects one without a port', () => {
    expect(loadConfig('p', schema, { KAFKA_BROKERS: 'a:1, b:2' }).KAFKA_BROKERS).toEqual(['a:1', 'b:2']);
    expect(() => loadConfig('p', schema, { KAFKA_BROKERS: 'a' })).toThrow(/KAFKA_BROKERS/);
  });

  it('requires real secrets in production', () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      expect(() => loadConfig('p', schema, { NODE_ENV: 'production' })).toThrow(
        /INTERNAL_TOKEN_SECRET is required in production/,
      );
    } finally {
      process.env.NODE_ENV = previous;
    }
  });
});
