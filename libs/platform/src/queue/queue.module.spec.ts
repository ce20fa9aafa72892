import { redisConnection } from './queue.module';

describe('redisConnection', () => {
  it('reads host, port, credentials and database from the URL', () => {
    expect(redisConnection('redis://user:p%40ss@cache.internal:6380/2')).toMatchObject({
      host: 'cache.internal',
      port: 6380,
      username: 'user',
      password: 'p@ss',
      db: 2,
      tls: undefined,
      maxRetriesPerRequest: null,
    });
  });

  it('turns on TLS for rediss://', () => {
    expect(redisConnection('rediss://cache:6379').tls).toEqual({});
  });
});
