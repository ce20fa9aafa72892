import { PersonDto } from '@pp/contracts';
import { randomUUID } from 'node:crypto';
import { Person } from '../src/persons/person.entity';
import { planSearch } from '../src/persons/search/search-plan';
import { CONTAINS_SQL, PREFIX_SQL } from '../src/persons/search/search-sql';
import { Caller, PeopleHarness, startPeople } from './people-harness';

describe('lead search (GET /api/v1/people/search)', () => {
  let h: PeopleHarness;
  let staff: Caller;
  const practice = randomUUID();
  const otherPractice = randomUUID();
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  let sofia: Person;
  let sofiane: Person;
  let priya: Person;
  let grace: Person;
  let dormant: Person;

  beforeAll(async () => {
    h = await startPeople('search');
    staff = h.caller([practice]);
    sofia = await h.leads.person(practice, {
      first_name: 'Sofia',
      last_name: 'Marquez',
      primary_email: 'sofia.m@mail.example',
      primary_phone: '+12145550134',
      last_activity_at: minutesAgo(5),
    });
    sofiane = await h.leads.person(practice, {
      first_name: 'Sofiane',
      last_name: 'Lindqvist',
      primary_email: 'sl@inbox.example',
      primary_phone: '+19725550177',
      last_activity_at: minutesAgo(1),
    });
    priya = await h.leads.person(practice, {
      first_name: 'Priya',
      last_name: 'Raman',
      primary_email: 'priya@clinic.example',
      primary_phone: '+14695550199',
      last_activity_at: minutesAgo(30),
    });
    grace = await h.leads.person(practice, {
      first_name: 'Grace',
      last_name: 'Okafor',
      primary_email: 'g.okafor_50%@clinic.example',
      primary_phone: null,
      last_activity_at: minutesAgo(60),
    });
    dormant = await h.leads.person(practice, {
      first_name: 'Sofia',
      last_name: 'Chen',
      primary_email: 'schen@mail.example',
      primary_phone: '+12145559999',
      last_activity_at: null,
    });
    // Another practice's namesake must never show up.
    await h.leads.person(otherPractice, {
      first_name: 'Sofia',
      last_name: 'Marquez',
      primary_email: 'sofia.other@mail.example',
      primary_phone: '+12145550134',
      last_activity_at: new Date(),
    });
  });

  afterAll(async () => {
    await h?.stop();
  });

  const search = async (q: string, query: Record<string, string | number> = {}) => {
    const response = await h
      .http()
      .get('/api/v1/people/search')
      .query({ practice_id: practice, q, ...query })
      .set(await staff.headers());
    expect(response.status).toBe(200);
    return (response.body as PersonDto[]).map((person) => person.person_id);
  };
  const idsOf = (...people: Person[]) => people.map((person) => person.person_id);

  it('finds leads by name, most recent activity first and never-active leads last', async () => {
    expect(await search('sofia')).toEqual(idsOf(sofiane, sofia, dormant));
    expect(await search('MARQUEZ')).toEqual(idsOf(sofia));
    expect(await search('  sofia   marquez ')).toEqual(idsOf(sofia));
    expect(await search('quez')).toEqual(idsOf(sofia));
  });

  it('finds leads by email', async () => {
    expect(await search('clinic.example')).toEqual(idsOf(priya, grace));
    expect(await search('Priya@Clinic')).toEqual(idsOf(priya));
  });

  it('finds leads by phone digits, typed raw or formatted', async () => {
    expect(await search('214555')).toEqual(idsOf(sofia, dormant));
    expect(await search('(214) 555')).toEqual(idsOf(sofia, dormant));
    expect(await search('214-555-0134')).toEqual(idsOf(sofia));
    expect(await search('+1 (469) 555-0199')).toEqual(idsOf(priya));
    expect(await search('5550199')).toEqual(idsOf(priya));
  });

  it('answers [] under 2 characters, or for text with no letter or digit', async () => {
    for (const q of ['', ' ', 's', '  p  ', '%%', '@.']) expect(await search(q)).toEqual([]);
    const response = await h
      .http()
      .get('/api/v1/people/search')
      .query({ practice_id: practice })
      .set(await staff.headers());
    expect(response.body).toEqual([]);
  });

  it('matches 2 characters at the start of a name, an email or a phone number', async () => {
    expect(await search('So')).toEqual(idsOf(sofiane, sofia, dormant));
    expect(await search('ra')).toEqual(idsOf(priya));
    expect(await search('g.')).toEqual(idsOf(grace));
    expect(await search('97')).toEqual(idsOf(sofiane));
    expect(await search('(46')).toEqual(idsOf(priya));
    // Not a prefix of anything: 'ia' is inside Sofia and Priya only.
    expect(await search('ia')).toEqual([]);
  });

  it('treats % and _ as themselves', async () => {
    expect(await search('so%')).toEqual([]);
    expect(await search('okafor_50%')).toEqual(idsOf(grace));
    expect(await search('s_f')).toEqual([]);
  });

  it('returns 5 results by default and at most the limit asked, up to 20', async () => {
    const many = randomUUID();
    const caller = h.caller([many]);
    for (let i = 0; i < 25; i++) {
      await h.leads.person(many, { first_name: 'Hannah', last_activity_at: minutesAgo(i) });
    }
    const run = async (query: Record<string, string | number>) =>
      h
        .http()
        .get('/api/v1/people/search')
        .query({ practice_id: many, q: 'hannah', ...query })
        .set(await caller.headers());
    expect((await run({})).body).toHaveLength(5);
    expect((await run({ limit: 20 })).body).toHaveLength(20);
    expect((await run({ limit: 2 })).body).toHaveLength(2);
    for (const limit of [0, 21, 'all']) {
      const response = await run({ limit });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail: 'limit must be a whole number from 1 to 20' });
    }
  });

  it('returns whole persons as the console shows them', async () => {
    const response = await h
      .http()
      .get('/api/v1/people/search')
      .query({ practice_id: practice, q: 'priya' })
      .set(await staff.headers());
    expect(response.body).toEqual([
      expect.objectContaining({
        person_id: priya.person_id,
        first_name: 'Priya',
        primary_phone: '+14695550199',
        last_activity_at: priya.last_activity_at!.toISOString(),
        current_outreach_state: expect.objectContaining({ control_mode: 'ai' }),
      }),
    ]);
    expect(response.body[0]).not.toHaveProperty('search_text');
  });

  it("answers 404 for a practice that is not the caller's", async () => {
    const response = await h
      .http()
      .get('/api/v1/people/search')
      .query({ practice_id: otherPractice, q: 'sofia' })
      .set(await staff.headers());
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Practice not found' });
  });

  /** The plan PostgreSQL picks when the given scans are off (the test tables are tiny: it would read them). */
  const planWithout = async (scans: string[], sql: string, params: unknown[]): Promise<string> => {
    const runner = h.dataSource.createQueryRunner();
    await runner.startTransaction();
    try {
      for (const scan of scans) await runner.query(`SET LOCAL enable_${scan} = off`);
      const [row] = await runner.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      return JSON.stringify(row['QUERY PLAN']);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  };

  it('reads the 2-character prefix indexes of name, email and phone', async () => {
    const plan = await planWithout(['seqscan'], PREFIX_SQL, [practice, 'so', 5]);
    for (const index of [
      'persons_first_name_prefix_idx',
      'persons_last_name_prefix_idx',
      'persons_email_prefix_idx',
      'persons_phone_prefix_idx',
    ]) {
      expect(plan).toContain(`"Index Name":"${index}"`);
    }
    expect(plan).not.toContain('Seq Scan');
  });

  it('answers longer terms from the trigram index or by walking the recency index', async () => {
    // The pattern (escaped as the search escapes it) is one the trigram index can serve...
    const trigram = await planWithout(
      ['seqscan'],
      `SELECT "person_id" FROM "people"."persons" WHERE "search_text" LIKE $1`,
      [(planSearch('okafor_50%') as { pattern: string }).pattern],
    );
    expect(trigram).toContain('"Index Name":"persons_search_trgm_idx"');
    // ...and the recency index gives the order without sorting, for terms too common to collect first.
    const walk = await planWithout(['seqscan', 'bitmapscan'], CONTAINS_SQL, [practice, '%sofia%', 5]);
    expect(walk).toContain('"Index Name":"persons_practice_activity_idx"');
    expect(walk).not.toContain('"Node Type":"Sort"');
  });
});
