import {
  assignedSecretLiterals,
  createTestDatabase,
  repositoryLiterals,
  ServiceProcess,
  startBuiltService,
  testCaller,
  TestDatabase,
} from '@pp/testing';
import { SignJWT } from 'jose';
import { generateKeyPairSync, randomUUID } from 'node:crypto';

/** Strings a reader of the repository could try as the signing secret, the old defaults included. */
const KNOWN_STRINGS = [
  ...new Set([
    'dev-only-secret-never-use-in-production-0000-INTERNAL_TOKEN_SECRET',
    'dev-only-internal-token-secret-do-not-use-in-production',
    'integration-tests-internal-secret-0123456789',
    ...repositoryLiterals(assignedSecretLiterals).map(({ value }) => value),
    process.env.INTERNAL_IDENTITY_PUBLIC_KEY as string,
  ]),
];

const claims = (practiceId: string) =>
  new SignJWT({ pids: [practiceId], name: 'Mallory' })
    .setSubject(randomUUID())
    .setIssuer('practicepilot-gateway')
    .setAudience('practicepilot-services')
    .setIssuedAt()
    .setExpirationTime('60s');

describe('forged identities against a production-mode service (people, from its build)', () => {
  let database: TestDatabase;
  let people: ServiceProcess;
  const practiceId = randomUUID();
  const list = (headers: Record<string, string>) =>
    fetch(`${people.url}/api/v1/people?practice_id=${practiceId}`, { headers });

  beforeAll(async () => {
    database = await createTestDatabase('forged');
    people = await startBuiltService('people', { DATABASE_URL: database.url, NODE_ENV: 'production' });
  });
  afterAll(async () => {
    await people?.stop();
    await database?.drop();
  });

  it('serves a caller whose identity the gateway signed (so the refusals below are about the token)', async () => {
    const response = await list(await testCaller([practiceId]).headers());
    expect(response.status).toBe(200);
  });

  it(`refuses a token signed with HMAC over any string of the repository (${KNOWN_STRINGS.length} tried)`, async () => {
    expect(KNOWN_STRINGS.length).toBeGreaterThan(10);
    const statuses = new Map<number, number>();
    for (const secret of KNOWN_STRINGS) {
      const token = await claims(practiceId)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(secret));
      const response = await list({ 'x-pp-identity': token });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 401: KNOWN_STRINGS.length });
  });

  it('refuses a token signed with another Ed25519 key, and an unsigned one', async () => {
    const token = await claims(practiceId)
      .setProtectedHeader({ alg: 'EdDSA' })
      .sign(generateKeyPairSync('ed25519').privateKey);
    const response = await list({ 'x-pp-identity': token });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ detail: 'Not authenticated' });
    const [, body] = token.split('.');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`;
    expect((await list({ 'x-pp-identity': unsigned })).status).toBe(401);
  });
});
