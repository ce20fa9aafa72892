import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { generateIdentityKeyPair } from '../identity/identity-keys';
import {
  baseConfigSchema,
  ConfigError,
  hostPortListSetting,
  identityPrivateKeySetting,
  keysMatch,
  loadConfig,
  secretSetting,
  urlSetting,
} from './config';
import { channelSettings } from './channels';

describe('loadConfig', () => {
  const schema = baseConfigSchema.extend({ PORT: z.coerce.number().int().default(8081) });
  const keys = generateIdentityKeyPair();
  const required = { INTERNAL_IDENTITY_PUBLIC_KEY: keys.publicKey };

  const problemsOf = (load: () => unknown): string[] => {
    try {
      load();
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('applies the local defaults when nothing but the required keys is set', () => {
    const config = loadConfig('people', schema, required);
    expect(config.PORT).toBe(8081);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.METRICS_PORT).toBe(0);
    expect(config.KAFKA_BROKERS).toEqual(['127.0.0.1:9092']);
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/practicepilot');
  });

  it('has no default for the identity key: unset, the service refuses to start', () => {
    expect(problemsOf(() => loadConfig('people', schema, {}))).toEqual([
      expect.stringMatching(/^INTERNAL_IDENTITY_PUBLIC_KEY: INTERNAL_IDENTITY_PUBLIC_KEY is required/),
    ]);
  });

  it('refuses a bad value and names the variable', () => {
    const problems = problemsOf(() =>
      loadConfig('people', schema, { ...required, PORT: 'eighty', REDIS_URL: 'http://x' }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('PORT'),
        'REDIS_URL: must be a URL starting with redis:// or rediss://',
      ]),
    );
  });

  it("treats an empty or blank variable as unset (compose's ${NAME:-}): default, not configured, or required", () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-config-'));
    writeFileSync(join(dir, 'empty'), '\n');
    const withChannels = schema.extend({
      ...channelSettings,
      GOOGLE_IMAP_URL: urlSetting(['imap:', 'imaps:'], 'imaps://imap.gmail.com:993'),
      EMAIL_POLL_SECONDS: z.coerce.number().int().min(0).default(60),
      JWT_SECRET: secretSetting('JWT_SECRET'),
    });
    const empty = {
      TWILIO_ACCOUNT_SID: '',
      TWILIO_AUTH_TOKEN: ' ',
      TWILIO_API_BASE_URL: '',
      PUBLIC_BASE_URL: '',
      GOOGLE_IMAP_URL: '',
      EMAIL_POLL_SECONDS: '',
      LOG_LEVEL: '',
      JWT_SECRET: '',
      JWT_SECRET_FILE: '',
    };
    // A required secret still refuses to start, saying it is required (not that '' is too short).
    expect(problemsOf(() => loadConfig('people', withChannels, { ...required, ...empty }))).toEqual([
      expect.stringMatching(/^JWT_SECRET: JWT_SECRET is required/),
    ]);
    const secret = randomBytes(48).toString('base64');
    const config = loadConfig('people', withChannels, { ...required, ...empty, JWT_SECRET: secret });
    expect(config).toMatchObject({
      PUBLIC_BASE_URL: 'http://localhost:8080',
      GOOGLE_IMAP_URL: 'imaps://imap.gmail.com:993',
      EMAIL_POLL_SECONDS: 60,
      LOG_LEVEL: 'info',
    });
    expect(config.TWILIO_ACCOUNT_SID).toBeUndefined();
    expect(config.TWILIO_AUTH_TOKEN).toBeUndefined();
    expect(config.TWILIO_API_BASE_URL).toBeUndefined();
    // A secret file that is empty (a blank Kubernetes Secret key) is unset too.
    expect(
      problemsOf(() =>
        loadConfig('people', withChannels, { ...required, JWT_SECRET_FILE: join(dir, 'empty') }),
      ),
    ).toEqual([expect.stringMatching(/^JWT_SECRET: JWT_SECRET is required/)]);
    // A value that is set is still checked.
    expect(
      problemsOf(() =>
        loadConfig('people', withChannels, { ...required, JWT_SECRET: secret, GOOGLE_IMAP_URL: 'x' }),
      ),
    ).toEqual([expect.stringMatching(/^GOOGLE_IMAP_URL: must be a URL/)]);
  });

  it('splits a broker list and rejects one without a port', () => {
    expect(loadConfig('p', schema, { ...required, KAFKA_BROKERS: 'a:1, b:2' }).KAFKA_BROKERS).toEqual([
      'a:1',
      'b:2',
    ]);
    expect(() => loadConfig('p', schema, { ...required, KAFKA_BROKERS: 'a' })).toThrow(/KAFKA_BROKERS/);
  });

  it('refuses a public key that is not Ed25519, or a private key given as the public one', () => {
    expect(
      problemsOf(() => loadConfig('p', schema, { INTERNAL_IDENTITY_PUBLIC_KEY: 'bm90IGEga2V5' })),
    ).toEqual([
      'INTERNAL_IDENTITY_PUBLIC_KEY: INTERNAL_IDENTITY_PUBLIC_KEY must be an Ed25519 public key (PEM, or base64 of its SPKI DER)',
    ]);
    expect(
      problemsOf(() => loadConfig('p', schema, { INTERNAL_IDENTITY_PUBLIC_KEY: keys.privateKey })),
    ).toHaveLength(1);
  });

  describe('secrets', () => {
    const withSecret = schema.extend({
      JWT_SECRET: secretSetting('JWT_SECRET'),
      SIGNING_KEY: identityPrivateKeySetting('SIGNING_KEY'),
    });
    const strong = () => randomBytes(48).toString('base64');

    it('requires every secret, in development too', () => {
      expect(problemsOf(() => loadConfig('p', withSecret, required))).toEqual([
        expect.stringMatching(/^JWT_SECRET: JWT_SECRET is required \(or JWT_SECRET_FILE/),
        expect.stringMatching(/^SIGNING_KEY: SIGNING_KEY is required/),
      ]);
    });

    it('accepts a random secret and key in production', () => {
      const config = loadConfig('p', withSecret, {
        ...required,
        NODE_ENV: 'production',
        JWT_SECRET: strong(),
        SIGNING_KEY: keys.privateKey,
      });
      expect(config.JWT_SECRET).toHaveLength(64);
    });

    it('refuses in production a secret that is weak, a placeholder or a compose fallback', () => {
      for (const weak of [
        'dev-only-jwt-secret-do-not-use-in-production',
        'REPLACE_ME',
        'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      ]) {
        const problems = problemsOf(() =>
          loadConfig('p', withSecret, {
            ...required,
            NODE_ENV: 'production',
            JWT_SECRET: weak,
            SIGNING_KEY: keys.privateKey,
          }),
        );
        expect([weak, problems]).toEqual([weak, [expect.stringMatching(/^JWT_SECRET: JWT_SECRET /)]]);
      }
    });

    it('refuses in production a TRUST_PROXY that trusts every hop, and accepts a hop count', () => {
      const production = {
        ...required,
        NODE_ENV: 'production',
        JWT_SECRET: strong(),
        SIGNING_KEY: keys.privateKey,
      };
      expect(problemsOf(() => loadConfig('p', withSecret, { ...production, TRUST_PROXY: 'true' }))).toEqual([
        expect.stringMatching(/^TRUST_PROXY: true trusts any X-Forwarded-For/),
      ]);
      expect(loadConfig('p', withSecret, { ...production, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
      expect(
        loadConfig('p', withSecret, {
          ...required,
          ...{ JWT_SECRET: strong(), SIGNING_KEY: keys.privateKey },
          TRUST_PROXY: 'true',
        }).TRUST_PROXY,
      ).toBe(true);
    });

    it('refuses in production a private key that was not randomly generated', () => {
      // PKCS#8 DER of an Ed25519 key whose 32 seed bytes are all zero.
      const zeroKey = Buffer.concat([
        Buffer.from('302e020100300506032b657004220420', 'hex'),
        Buffer.alloc(32),
      ]).toString('base64');
      const problems = problemsOf(() =>
        loadConfig('p', withSecret, {
          ...required,
          NODE_ENV: 'production',
          JWT_SECRET: strong(),
          SIGNING_KEY: zeroKey,
        }),
      );
      expect(problems).toEqual([
        'SIGNING_KEY: SIGNING_KEY is not a randomly generated key: generate a new pair',
      ]);
    });

    it('reads NAME_FILE when NAME is unset (Docker and Kubernetes secret files)', () => {
      const dir = mkdtempSync(join(tmpdir(), 'pp-config-'));
      const secret = strong();
      writeFileSync(join(dir, 'jwt'), `${secret}\n`);
      writeFileSync(join(dir, 'key'), keys.privateKey);
      const config = loadConfig('p', withSecret, {
        ...required,
        JWT_SECRET_FILE: join(dir, 'jwt'),
        SIGNING_KEY_FILE: join(dir, 'key'),
      });
      expect(config.JWT_SECRET).toBe(secret);
      expect(config.SIGNING_KEY).toBe(keys.privateKey);
      expect(
        problemsOf(() =>
          loadConfig('p', withSecret, {
            ...required,
            JWT_SECRET: secret,
            JWT_SECRET_FILE: join(dir, 'jwt'),
            SIGNING_KEY_FILE: join(dir, 'missing'),
          }),
        ),
      ).toEqual([
        'JWT_SECRET: set either JWT_SECRET or JWT_SECRET_FILE, not both',
        expect.stringMatching(/^SIGNING_KEY_FILE: cannot read .*missing \(ENOENT\)$/),
        expect.stringMatching(/^SIGNING_KEY: SIGNING_KEY is required/),
      ]);
    });
  });

  it('pairs the gateway private key with the public key, or with one of several during a rotation', () => {
    const next = generateIdentityKeyPair();
    expect(keysMatch(keys.privateKey, keys.publicKey)).toBe(true);
    expect(keysMatch(keys.privateKey, `${next.publicKey},${keys.publicKey}`)).toBe(true);
    expect(keysMatch(keys.privateKey, next.publicKey)).toBe(false);
    expect(
      loadConfig('p', schema, { INTERNAL_IDENTITY_PUBLIC_KEY: `${next.publicKey}, ${keys.publicKey}` })
        .INTERNAL_IDENTITY_PUBLIC_KEY,
    ).toContain(next.publicKey);
  });
});

describe('hostPortListSetting', () => {
  const schema = hostPortListSetting();

  it('reads a comma-separated host:port list, lower-cased, empty by default', () => {
    expect(schema.parse(undefined)).toEqual([]);
    expect(schema.parse(' Site.Test:8080 , 127.0.0.1:4000,[::1]:81 ')).toEqual([
      'site.test:8080',
      '127.0.0.1:4000',
      '[::1]:81',
    ]);
  });

  it('refuses an entry without a port or with a path', () => {
    expect(schema.safeParse('site.test').success).toBe(false);
    expect(schema.safeParse('site.test:80/x').success).toBe(false);
  });
});
