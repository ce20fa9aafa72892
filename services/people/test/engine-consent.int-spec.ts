import { eventually } from '@pp/testing';
import { ActionRunner } from '../src/engine/action-runner';
import { readConsentFacts } from '../src/engine/consent-store';
import { EngineService } from '../src/engine/engine.service';
import { createPendingDecision } from '../src/decisions/review-items';
import { Consent } from '../src/intake/consent.entity';
import { Person } from '../src/persons/person.entity';
import { LeadActivity } from '../src/timeline/lead-activity';
import { EngineHarness, startEngine } from './engine-harness';
import { Caller, postAs } from './people-harness';
import { usPhone } from './factories/phones';

/** A form's consent checkbox, left unticked. */
const REFUSED = { 'I agree to receive texts and calls about my inquiry': 'no' };

const phone = () => usPhone('469');

describe('consent decides the channels the AI uses (real PostgreSQL, Redis, Kafka, the built-in model)', () => {
  let h: EngineHarness;
  let runner: ActionRunner;

  beforeAll(async () => {
    h = await startEngine('engine-consent');
    runner = h.service.app.get(ActionRunner);
  }, 120_000);
  afterAll(() => h.stop());
  beforeEach(() => {
    // 11:00 in the practice's zone (America/Chicago): nothing waits for the quiet hours.
    h.clock.at = new Date('2026-06-10T16:00:00Z');
  });

  const consentsOf = (personId: string) =>
    h.dataSource.getRepository(Consent).find({ where: { person_id: personId }, order: { channel: 'ASC' } });

  const post = (caller: Caller, path: string, body: object | undefined, status: number) =>
    postAs(h, caller, path, body, status);

  async function eventsOnce(personId: string, type: string) {
    return eventually(async () => {
      const events = await h.events(personId, type);
      return events.length > 0 ? events : undefined;
    }, 30_000);
  }

  it('e-mails a lead whose form refused texts and calls, follows up by e-mail, and never texts it', async () => {
    const practice = await h.practice({ automation_level: 'full_auto' });
    const p = phone();
    await h.submitForm(practice.practice_id, {
      name: 'Renee Okafor',
      phone: p.typed,
      email: `renee.${p.e164.slice(-4)}@mail.example`,
      message: 'How much is Botox?',
      ...REFUSED,
    });
    const lead = await h.leadByPhone(practice.practice_id, p.e164);

    const consents = await consentsOf(lead.person_id);
    expect(consents.map((c) => [c.channel, c.granted, c.consent_text])).toEqual([
      ['email', true, 'Submitted the form "Book a consultation" asking to be contacted'],
      ['phone', false, 'I agree to receive texts and calls about my inquiry: no'],
      ['sms', false, 'I agree to receive texts and calls about my inquiry: no'],
    ]);
    expect((await readConsentFacts(h.dataSource.manager, lead.person_id)).from_form).toBe(true);

    const [email] = await eventsOnce(lead.person_id, 'email_sent');
    expect(String(email.content_data.message)).toContain('Renee');
    // The cadence's first follow-up is planned right after the send, before consent is read: SMS first.
    const followUp = await eventually(async () => {
      const actions = await h.actions(lead.person_id);
      return actions.find((a) => a.kind === 'follow_up' && a.status === 'scheduled');
    }, 10_000);

    // When it falls due it goes on the channel of its step the lead agreed to: e-mail.
    h.clock.at = followUp.due_at;
    expect(await runner.run(followUp.action_id)).toBe('sent');
    await eventually(async () => (await h.events(lead.person_id, 'email_sent')).length === 2, 20_000);
    const [done] = (await h.actions(lead.person_id)).filter((a) => a.action_id === followUp.action_id);
    expect(done).toMatchObject({ status: 'done', channel: 'email' });
    expect(await h.events(lead.person_id, 'sms_sent')).toHaveLength(0);
    expect(h.model.drafts.filter((d) => d.recipient.firstName === 'Renee').map((d) => d.channel)).toEqual([
      'email',
      'email',
    ]);
  }, 90_000);

  it('does not contact a phone-only lead whose form refused texts and calls, tells staff why, and refuses to approve a text to it', async () => {
    const practice = await h.practice({ automation_level: 'full_auto' });
    const p = phone();
    await h.submitForm(practice.practice_id, {
      name: 'Tomás Vega',
      phone: p.typed,
      message: 'Do you do lip filler?',
      ...REFUSED,
    });
    const lead = await h.leadByPhone(practice.practice_id, p.e164);

    const [stopped] = await eventsOnce(lead.person_id, 'outreach_stopped');
    expect(stopped.content_data).toEqual({ reason: 'no_consent' });
    expect(stopped.event_metadata.description).toBe(
      'The AI does not contact this lead: the lead refused texts and calls on the website form. Staff may reach out; the AI answers when the lead writes',
    );
    expect(await h.actions(lead.person_id)).toHaveLength(0);
    expect(h.model.drafts.filter((d) => d.recipient.firstName === 'Tomás')).toHaveLength(0);
    const person = await h.person(lead.person_id);
    expect(person.stage).toBe('Lead');
    expect(person.current_outreach_state.opted_out).toBeUndefined();

    // An SMS decision opened before the refusal arrived (or by the seed) cannot be approved.
    const { decision } = await h.dataSource.transaction((manager) =>
      createPendingDecision(manager, person, {
        action_type: 'send_sms',
        channel: 'sms',
        message: 'Hi Tomás, lip filler starts at $650.',
      }),
    );
    const caller = h.caller([practice.practice_id], 'Dana Whitfield');
    const refused = await post(caller, `/api/v1/people/${lead.person_id}/approve-decision`, undefined, 422);
    expect(refused.body).toEqual({ detail: 'This lead refused texts on the website form' });
    await post(
      caller,
      `/api/v1/people/${lead.person_id}/edit-decision`,
      { corrected_message: 'Hi Tomás!' },
      422,
    );
    const [row] = await h.dataSource.query(
      `SELECT "resolved_at" FROM "people"."pending_decisions" WHERE "decision_id" = $1`,
      [decision.decision_id],
    );
    expect(row.resolved_at).toBeNull();
    expect(await h.events(lead.person_id, 'sms_sent')).toHaveLength(0);
  }, 60_000);

  it('answers by text a lead who refused texts on the form and then texted: a reply on its own channel is conversation', async () => {
    const practice = await h.practice({ automation_level: 'full_auto' });
    const p = phone();
    await h.submitForm(practice.practice_id, {
      name: 'Grace Chen',
      phone: p.typed,
      message: 'Info on Botox please',
      ...REFUSED,
    });
    const lead = await h.leadByPhone(practice.practice_id, p.e164);
    await eventsOnce(lead.person_id, 'outreach_stopped');

    // The lead texts the practice (as the channels issue will deliver it).
    const engine = h.service.app.get(EngineService);
    const activity = h.service.app.get(LeadActivity);
    await h.dataSource.transaction(async (manager) => {
      const person = await manager.findOneByOrFail(Person, { person_id: lead.person_id });
      const event = await activity.append(manager, person, {
        event_type: 'sms_received',
        content_data: { message: 'Actually, can you text me what Botox costs?', from_number: p.e164 },
        event_metadata: { source: 'sms' },
      });
      await engine.inquiryReceived(manager, {
        practice_id: person.practice_id,
        person_id: person.person_id,
        event_id: event.event_id,
        channel: 'sms',
        received_at: event.timestamp,
      });
    });

    const [sms] = await eventsOnce(lead.person_id, 'sms_sent');
    expect(String(sms.content_data.message)).toContain('Grace');
    expect(await h.events(lead.person_id, 'phone_call_sent')).toHaveLength(0);
  }, 60_000);

  it('texts a lead staff created: no form, staff vouch for it', async () => {
    const practice = await h.practice({ automation_level: 'full_auto' });
    const caller = h.caller([practice.practice_id]);
    const created = await post(
      caller,
      '/api/v1/people/',
      {
        practice_id: practice.practice_id,
        first_name: 'Hannah',
        last_name: 'Lindqvist',
        primary_phone: '(972) 555-0142',
      },
      201,
    );
    expect(await consentsOf(created.body.person_id)).toHaveLength(0);
    const [sms] = await eventsOnce(created.body.person_id, 'sms_sent');
    expect(String(sms.content_data.message)).toContain('Hannah');

    // A form the lead fills later does not make it a form lead; what the form refuses it still refuses.
    await h.submitForm(practice.practice_id, {
      name: 'Hannah Lindqvist',
      phone: '(972) 555-0142',
      message: 'Thanks! One more question about Botox',
      sms_consent: 'no',
    });
    const refused = await eventually(async () => {
      const rows = await consentsOf(created.body.person_id);
      return rows.length > 0 ? rows : undefined;
    }, 30_000);
    expect(refused.map((c) => [c.channel, c.granted])).toEqual([
      ['phone', true],
      ['sms', false],
    ]);
    const facts = await readConsentFacts(h.dataSource.manager, created.body.person_id);
    expect(facts.from_form).toBe(false);
  }, 60_000);

  it('an opt-out withdraws every consent the lead gave, whether the lead says STOP or staff record the removal', async () => {
    const practice = await h.practice({ automation_level: 'manual' });
    const a = phone();
    await h.submitForm(practice.practice_id, {
      name: 'Ivy Park',
      phone: a.typed,
      message: 'Please remove me from your list and stop contacting me',
    });
    const stopping = await h.leadByPhone(practice.practice_id, a.e164);
    await eventsOnce(stopping.person_id, 'outreach_stopped');
    const withdrawn = await eventually(async () => {
      const rows = await consentsOf(stopping.person_id);
      return rows.every((c) => c.withdrawn_at !== null) ? rows : undefined;
    }, 10_000);
    expect(withdrawn.map((c) => [c.channel, c.granted])).toEqual([
      ['phone', true],
      ['sms', true],
    ]);

    const b = phone();
    await h.submitForm(practice.practice_id, { name: 'Jon Park', phone: b.typed, message: 'Botox price?' });
    const removed = await h.leadByPhone(practice.practice_id, b.e164);
    await eventsOnce(removed.person_id, 'pending_review');
    await post(
      h.caller([practice.practice_id], 'Dana Whitfield'),
      `/api/v1/people/${removed.person_id}/actions`,
      { action: 'patient_wants_removal', notes: 'Asked on the phone' },
      200,
    );
    const rows = await consentsOf(removed.person_id);
    expect(rows).toHaveLength(2);
    expect(rows.every((c) => c.withdrawn_at !== null)).toBe(true);
  }, 60_000);
});
