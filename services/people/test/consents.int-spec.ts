import type { ConsentLedgerDto } from '@pp/contracts';
import { eventually } from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { LeadConsent } from '../src/channels/lead-consent';
import { EntityManager } from 'typeorm';
import { Person } from '../src/persons/person.entity';
import { EngineHarness, startEngine } from './engine-harness';
import { usPhone } from './factories/phones';

/** The consent ledger shown on a lead (docs/product/channels.md#consent-ledger). */
const phone = () => usPhone('404');

describe("a lead's consent ledger (real PostgreSQL, Redis, Kafka)", () => {
  let h: EngineHarness;
  let practiceId: string;

  beforeAll(async () => {
    h = await startEngine('consents');
    practiceId = (await h.practice({ automation_level: 'manual' })).practice_id;
  }, 120_000);
  afterAll(() => h.stop());

  async function ledger(personId: string, practices = [practiceId]) {
    return h
      .http()
      .get(`/api/v1/people/${personId}/consents`)
      .set(await h.caller(practices).headers());
  }

  const statuses = (body: ConsentLedgerDto) =>
    Object.fromEntries(body.channels.map((c) => [c.channel, c.status]));

  /** Runs `change` on the lead locked in a transaction, as the channels do. */
  async function locked<T>(personId: string, change: (manager: EntityManager, lead: Person) => Promise<T>) {
    return h.dataSource.transaction(async (manager) => {
      const lead = await manager.findOneOrFail(Person, {
        where: { person_id: personId },
        lock: { mode: 'pessimistic_write' },
      });
      return change(manager, lead);
    });
  }

  it('shows what the form said, then the STOP that withdrew it, then the START that gave texts back', async () => {
    const p = phone();
    await h.submitForm(practiceId, {
      name: 'Grace Chen',
      phone: p.typed,
      email: 'grace.chen@mail.example',
      message: 'Do you have openings for Botox next week?',
      'I agree to receive texts and calls about my inquiry': 'yes',
    });
    const lead = await h.leadByPhone(practiceId, p.e164);

    const given = await eventually(async () => {
      const response = await ledger(lead.person_id);
      return response.body.records?.length >= 3 && response;
    }, 20_000);
    expect(given.status).toBe(200);
    expect(statuses(given.body)).toEqual({ sms: 'granted', phone: 'granted', email: 'granted' });
    const sms = given.body.records.find((r: { channel: string }) => r.channel === 'sms');
    expect(sms).toMatchObject({
      granted: true,
      source: 'website_form',
      consent_text: expect.stringContaining('I agree to receive texts and calls'),
      withdrawn_at: null,
      withdrawn_reason: null,
    });

    const consent = h.service.app.get(LeadConsent);
    expect(
      await locked(lead.person_id, (manager, lead) => consent.optOut(manager, lead, 'sms_keyword', {})),
    ).toBe(true);
    const stopped = (await ledger(lead.person_id)).body as ConsentLedgerDto;
    expect(statuses(stopped)).toEqual({ sms: 'opted_out', phone: 'opted_out', email: 'opted_out' });
    expect(stopped.records.map((r) => r.withdrawn_reason)).toEqual([
      'sms_keyword',
      'sms_keyword',
      'sms_keyword',
    ]);
    expect(stopped.records.every((r) => r.withdrawn_at !== null)).toBe(true);

    expect(await locked(lead.person_id, (manager, lead) => consent.optIn(manager, lead, 'START', {}))).toBe(
      true,
    );
    const resumed = (await ledger(lead.person_id)).body as ConsentLedgerDto;
    expect(statuses(resumed)).toEqual({ sms: 'granted', phone: 'withdrawn', email: 'withdrawn' });
    expect(resumed.records[0]).toMatchObject({
      channel: 'sms',
      granted: true,
      source: 'sms_keyword',
      consent_text: 'START',
      withdrawn_at: null,
    });
    expect(resumed.records).toHaveLength(4);
  }, 60_000);

  it('shows a refusal on the form as refused, and a lead staff made without a record as none', async () => {
    const p = phone();
    await h.submitForm(practiceId, {
      name: 'Noah Santos',
      phone: p.typed,
      message: 'Price of lip filler?',
      'I agree to receive texts and calls about my inquiry': 'no',
    });
    const refused = await h.leadByPhone(practiceId, p.e164);
    const body = await eventually(async () => {
      const response = await ledger(refused.person_id);
      return response.body.records?.length >= 2 && (response.body as ConsentLedgerDto);
    }, 20_000);
    expect(statuses(body)).toEqual({ sms: 'refused', phone: 'refused', email: 'none' });

    const made = await h.leads.person(practiceId);
    expect((await ledger(made.person_id)).body).toEqual({
      channels: [
        { channel: 'sms', status: 'none', since: null },
        { channel: 'phone', status: 'none', since: null },
        { channel: 'email', status: 'none', since: null },
      ],
      records: [],
    });
  }, 60_000);

  it("answers 404 Person not found for another practice's lead and for a malformed id", async () => {
    const lead = await h.leads.person(practiceId);
    const other = await ledger(lead.person_id, [randomUUID()]);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ detail: 'Person not found' });
    const malformed = await ledger('not-a-uuid');
    expect({ status: malformed.status, body: malformed.body }).toEqual({
      status: 404,
      body: { detail: 'Person not found' },
    });
  });
});
