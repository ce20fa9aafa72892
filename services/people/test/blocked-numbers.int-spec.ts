import { BlockedNumber, BlockedNumberMessages } from '@pp/contracts';
import { eventually } from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { OutreachSender } from '../src/outreach/outreach-sender';
import { EngineHarness, startEngine } from './engine-harness';
import { Caller, postAs } from './people-harness';
import { usPhone } from './factories/phones';

const REFUSED = BlockedNumberMessages.refused;

/**
 * A practice's block list (docs/decisions/0043-number-block-list.md), on real PostgreSQL, Redis and Kafka: the list's
 * routes, their validation and practice isolation, and every path to a text or a call — the AI on its own, staff's
 * approval, staff's own text, the send ledger's last check — refusing a blocked number, while a form with it still
 * becomes a lead.
 */
describe('the block list: a blocked number is never texted or called (real PostgreSQL, Redis, Kafka)', () => {
  let h: EngineHarness;

  beforeAll(async () => {
    h = await startEngine('blocked-numbers');
  }, 120_000);
  afterAll(() => h.stop());
  afterEach(() => {
    h.clock.at = null;
  });

  const daytime = () => new Date('2026-06-10T16:00:00Z');
  const list = (practiceId: string) => `/api/v1/practices/${practiceId}/blocked-numbers`;

  async function block(caller: Caller, practiceId: string, phone_number: string, note?: string) {
    const response = await postAs(h, caller, list(practiceId), { phone_number, note }, 201);
    return response.body as BlockedNumber;
  }

  async function listed(caller: Caller, practiceId: string): Promise<BlockedNumber[]> {
    const response = await h
      .http()
      .get(list(practiceId))
      .set(await caller.headers());
    expect(response.status).toBe(200);
    return (response.body as { blocked_numbers: BlockedNumber[] }).blocked_numbers;
  }

  /** What went out to the lead, or was queued for it: timeline sends and ledger rows. */
  async function contacts(personId: string) {
    const events: { event_type: string }[] = await h.dataSource.query(
      `SELECT "event_type" FROM "people"."events" WHERE "person_id" = $1
         AND "event_type" IN ('sms_sent', 'phone_call_sent', 'email_sent')`,
      [personId],
    );
    const sends: { status: string; channel: string; error: string | null }[] = await h.dataSource.query(
      `SELECT "status", "channel", "error" FROM "people"."outreach_sends" WHERE "person_id" = $1`,
      [personId],
    );
    return { events: events.map((e) => e.event_type), sends };
  }

  it('adds a number in E.164 with who added it, lists it newest first, refuses it twice, and removes it', async () => {
    const practice = await h.practice({ automation_level: 'manual' });
    const staff = h.caller([practice.practice_id], 'Dana Whitfield');
    const first = await block(staff, practice.practice_id, '(214) 555-0101', '  Prank forms ');
    expect(first).toMatchObject({
      phone_number: '+12145550101',
      note: 'Prank forms',
      added_by_name: 'Dana Whitfield',
      added_by_user_id: expect.any(String),
    });
    expect(new Date(first.created_at).getTime()).not.toBeNaN();
    const second = await block(staff, practice.practice_id, '+44 20 7946 0958');
    expect(second.note).toBeNull();
    expect((await listed(staff, practice.practice_id)).map((n) => n.phone_number)).toEqual([
      '+442079460958',
      '+12145550101',
    ]);

    const again = await postAs(h, staff, list(practice.practice_id), { phone_number: '214-555-0101' }, 409);
    expect(again.body).toEqual({ detail: BlockedNumberMessages.alreadyBlocked });

    const removed = await h
      .http()
      .delete(`${list(practice.practice_id)}/${first.blocked_number_id}`)
      .set(await staff.headers());
    // The entry as it was.
    expect({ status: removed.status, ...removed.body }).toMatchObject({
      status: 200,
      blocked_number_id: first.blocked_number_id,
      phone_number: first.phone_number,
      note: first.note,
    });
    expect((await listed(staff, practice.practice_id)).map((n) => n.phone_number)).toEqual(['+442079460958']);
    const twice = await h
      .http()
      .delete(`${list(practice.practice_id)}/${first.blocked_number_id}`)
      .set(await staff.headers());
    expect({ status: twice.status, body: twice.body }).toEqual({
      status: 404,
      body: { detail: BlockedNumberMessages.notFound },
    });
  }, 60_000);

  it('refuses bad input with 422 in the envelope', async () => {
    const practice = await h.practice({ automation_level: 'manual' });
    const staff = h.caller([practice.practice_id]);
    const cases: [body: object, detail: string][] = [
      [{}, BlockedNumberMessages.phoneRequired],
      [{ phone_number: '   ' }, BlockedNumberMessages.phoneRequired],
      [{ phone_number: '555-01' }, BlockedNumberMessages.invalidPhone],
      [{ phone_number: '72345' }, BlockedNumberMessages.invalidPhone],
      [{ phone_number: 2145550134 }, BlockedNumberMessages.invalidPhone],
      [{ phone_number: '2145550134', note: 'x'.repeat(501) }, BlockedNumberMessages.noteTooLong],
      [{ phone_number: '2145550134', practice_id: randomUUID() }, 'property practice_id should not exist'],
    ];
    for (const [body, detail] of cases) {
      const response = await postAs(h, staff, list(practice.practice_id), body, 422);
      expect(response.body).toEqual({ detail });
    }
    const malformed = await h
      .http()
      .delete(`${list(practice.practice_id)}/not-a-uuid`)
      .set(await staff.headers());
    expect(malformed.status).toBe(404);
    expect(await listed(staff, practice.practice_id)).toEqual([]);
  }, 60_000);

  it('keeps each practice’s list to itself: another practice’s list, entries and numbers answer 404', async () => {
    const mine = await h.practice({ automation_level: 'manual' });
    const theirs = await h.practice({ automation_level: 'manual' });
    const me = h.caller([mine.practice_id]);
    const them = h.caller([theirs.practice_id]);
    const entry = await block(them, theirs.practice_id, '(214) 555-0102');

    const read = await h
      .http()
      .get(list(theirs.practice_id))
      .set(await me.headers());
    expect({ status: read.status, body: read.body }).toEqual({
      status: 404,
      body: { detail: expect.any(String) },
    });
    await postAs(h, me, list(theirs.practice_id), { phone_number: '(214) 555-0103' }, 404);
    const removeTheirs = await h
      .http()
      .delete(`${list(theirs.practice_id)}/${entry.blocked_number_id}`)
      .set(await me.headers());
    expect(removeTheirs.status).toBe(404);
    // Their entry's id under my practice is no entry of mine.
    const underMine = await h
      .http()
      .delete(`${list(mine.practice_id)}/${entry.blocked_number_id}`)
      .set(await me.headers());
    expect(underMine.status).toBe(404);
    expect(await listed(me, mine.practice_id)).toEqual([]);
    expect((await listed(them, theirs.practice_id)).map((n) => n.phone_number)).toEqual(['+12145550102']);

    // Blocking a number in one practice leaves another practice's lead with it reachable.
    const p = usPhone();
    await block(them, theirs.practice_id, p.typed);
    const lead = await h.leads.person(mine.practice_id, { primary_phone: p.e164 });
    await postAs(
      h,
      me,
      `/api/v1/people/${lead.person_id}/actions`,
      { action: 'sms_sent', message: 'Hi' },
      200,
    );
    await eventually(async () => (await contacts(lead.person_id)).events.includes('sms_sent'), 20_000);
  }, 60_000);

  it('full_auto: a form from a blocked number becomes a lead staff see, and nobody texts, calls or e-mails it', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'full_auto' });
    const staff = h.caller([practice.practice_id]);
    const p = usPhone();
    await block(staff, practice.practice_id, p.typed, 'Someone keeps typing this number');

    await h.submitForm(practice.practice_id, {
      name: 'Sofia Marquez',
      phone: p.typed,
      email: `sofia.${p.e164.slice(-4)}@mail.example`,
      message: 'Interested in Botox, what does it cost?',
      preferred_contact_method: 'Phone call',
    });
    const lead = await h.leadByPhone(practice.practice_id, p.e164);
    const shown = await h
      .http()
      .get(`/api/v1/people/${lead.person_id}`)
      .set(await staff.headers());
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ primary_phone: p.e164 });
    expect(await h.events(lead.person_id, 'form_submission')).toHaveLength(1);

    const cancelled = await eventually(async () => {
      const actions = await h.actions(lead.person_id);
      return actions.find((a) => a.status === 'cancelled');
    }, 30_000);
    expect(JSON.stringify(cancelled.outcome)).toContain('block list');
    expect(await contacts(lead.person_id)).toEqual({ events: [], sends: [] });
    expect(await h.events(lead.person_id, 'pending_review')).toEqual([]);
  }, 90_000);

  it('staff: approving a text to a number blocked since, or texting it, is refused with the reason; nothing is sent', async () => {
    h.clock.at = daytime();
    const practice = await h.practice({ automation_level: 'manual' });
    const staff = h.caller([practice.practice_id], 'Dana Whitfield');
    const p = usPhone();
    await h.submitForm(practice.practice_id, {
      name: 'Sofia Marquez',
      phone: p.typed,
      message: 'Lip filler price?',
    });
    const lead = await h.leadByPhone(practice.practice_id, p.e164);
    await eventually(async () => (await h.events(lead.person_id, 'pending_review'))[0], 30_000);

    await block(staff, practice.practice_id, p.e164);
    const approve = await postAs(
      h,
      staff,
      `/api/v1/people/${lead.person_id}/approve-decision`,
      undefined,
      422,
    );
    expect(approve.body).toEqual({ detail: REFUSED });
    const text = await postAs(
      h,
      staff,
      `/api/v1/people/${lead.person_id}/actions`,
      { action: 'sms_sent', message: 'Hi Sofia, this is the front desk' },
      422,
    );
    expect(text.body).toEqual({ detail: REFUSED });
    expect(await contacts(lead.person_id)).toEqual({ events: [], sends: [] });
    // The decision is still open: staff still see it.
    expect((await h.person(lead.person_id)).pending_review_type).toBe('approval');
  }, 90_000);

  it('the send ledger refuses a text or a call to a blocked number, whoever queued it, even a STOP confirmation', async () => {
    const practice = await h.practice({ automation_level: 'manual' });
    const staff = h.caller([practice.practice_id]);
    const p = usPhone();
    const lead = await h.leads.person(practice.practice_id, { primary_phone: p.e164 });
    await block(staff, practice.practice_id, p.e164);
    const sender = h.service.app.get(OutreachSender);
    const job = (channel: 'sms' | 'phone', source: 'ai_decision' | 'compliance') => ({
      idempotency_key: `test:${randomUUID()}`,
      practice_id: practice.practice_id,
      person_id: lead.person_id,
      channel,
      action_type: channel === 'sms' ? 'send_sms' : 'schedule_call',
      message: 'Hello',
      subject: null,
      source,
      decision_id: null,
      edited: false,
      notes: null,
      requested_by_name: null,
    });
    expect(await sender.send(job('sms', 'ai_decision'))).toBe('failed');
    expect(await sender.send(job('phone', 'ai_decision'))).toBe('failed');
    expect(await sender.send(job('sms', 'compliance'))).toBe('failed');
    expect(await sender.sendBatch([job('sms', 'ai_decision'), job('phone', 'ai_decision')])).toEqual([
      'failed',
      'failed',
    ]);
    const { events, sends } = await contacts(lead.person_id);
    expect(events).toEqual([]);
    expect(sends).toHaveLength(5);
    for (const send of sends) expect(send).toMatchObject({ status: 'failed', error: REFUSED });
  }, 60_000);
});
