import { eventually } from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { engineSendKey } from '../src/engine/action-runner';
import { EnginePriority } from '../src/engine/engine-queue';
import { actionJobId } from '../src/engine/jobs/engine-jobs';
import { SEND_BATCH_JOB, SEND_MESSAGE_JOB, SendMessageJob } from '../src/outreach/jobs/send-message.job';
import { OutreachQueue } from '../src/outreach/outreach-queue';
import { OutreachSend } from '../src/outreach/outreach-send.entity';
import { OutreachSender } from '../src/outreach/outreach-sender';
import { SendLedger } from '../src/outreach/send-ledger';
import { batchJobId, jobIdFor } from '../src/outreach/send-rules';
import type { OutgoingMessage } from '../src/outreach/transports/channel-transport';
import { TransportRefusal } from '../src/outreach/transports/transport-refusal';
import { Transports } from '../src/outreach/transports/transports';
import { Person } from '../src/persons/person.entity';
import { LeadActivity } from '../src/timeline/lead-activity';
import { TimelineEvent } from '../src/timeline/timeline-event.entity';
import { EngineHarness, startEngine } from './engine-harness';
import { usPhone } from './factories/phones';
import { sendJob } from './factories/sends';

/** Tuesday June 9 2026, 20:30 EDT: inside the federal hours, after Florida's 20:00. */
const EVENING_EDT = new Date('2026-06-10T00:30:00Z');
/** Wednesday June 10 2026, 08:00 EDT. */
const MORNING_EDT = new Date('2026-06-10T12:00:00Z');
/** 11:00 CDT, in the practice's zone (America/Chicago). */
const DAYTIME = new Date('2026-06-10T16:00:00Z');
const HOURS = 3_600_000;

/**
 * The send stage per batch (docs/decisions/0032-speed-to-lead-under-a-burst.md, step 3): the sends recorded
 * together go out as one `send-batch` job (OutreachSender.sendBatch), each lead ending exactly as a send of its
 * own leaves it.
 */
describe('sends per batch (real PostgreSQL, Redis, Kafka)', () => {
  let h: EngineHarness;
  let practiceId: string;
  let sender: OutreachSender;
  let outreach: OutreachQueue;
  let sms: ReturnType<Transports['for']>;

  beforeAll(async () => {
    h = await startEngine('send-batch');
    practiceId = (await h.practice({ automation_level: 'full_auto' })).practice_id;
    sender = h.service.app.get(OutreachSender);
    outreach = h.service.app.get(OutreachQueue);
    sms = h.service.app.get(Transports).for('sms');
  }, 120_000);
  afterAll(() => h.stop());
  afterEach(() => {
    h.clock.at = null;
    jest.restoreAllMocks();
  });

  /** An AI text to the lead (a decision staff approved: no engine action behind it). */
  const aiJob = (person: Person, overrides: Partial<SendMessageJob> = {}): SendMessageJob =>
    sendJob(person, { message: 'Hi, Botox is $12 a unit. Would you like a consultation?', ...overrides });
  /** Staff's own text: no calling hours, no follow-up. */
  const staffJob = (person: Person): SendMessageJob =>
    aiJob(person, {
      idempotency_key: `action:${randomUUID()}`,
      action_type: 'sms_sent',
      source: 'human_action',
    });
  const lead = (areaCode = '214') => h.leads.person(practiceId, { primary_phone: usPhone(areaCode).e164 });
  const ledger = (key: string) =>
    h.dataSource.getRepository(OutreachSend).findOneBy({ idempotency_key: key });
  const timeline = (personId: string) =>
    h.dataSource
      .getRepository(TimelineEvent)
      .find({ where: { person_id: personId }, order: { timestamp: 'ASC' } });
  const speedToLead = async (personId: string): Promise<number | null> => {
    const [row]: { speed_to_lead_seconds: number | null }[] = await h.dataSource.query(
      `SELECT "speed_to_lead_seconds" FROM "people"."persons" WHERE "person_id" = $1`,
      [personId],
    );
    return row.speed_to_lead_seconds;
  };
  /** The transport's messages of these keys (the worker also answers other suites' leads on the shared broker). */
  const callsFor = (spy: jest.SpyInstance, key: string) =>
    spy.mock.calls.filter(([message]) => (message as OutgoingMessage).idempotency_key === key);
  const record = (jobs: SendMessageJob[]) =>
    h.dataSource.transaction(async (manager) => {
      for (const job of jobs) await outreach.record(manager, job);
    });

  /** What a lead ends with after a send, without the ids and times that differ from lead to lead. */
  async function outcome(person: Person) {
    const now = await h.person(person.person_id);
    const events = await timeline(person.person_id);
    const sent = events.find((e) => e.event_type === 'sms_sent') as TimelineEvent;
    const actions = await h.actions(person.person_id);
    const announcements = await h.outbox(person.person_id);
    const state = now.current_outreach_state as Record<string, unknown>;
    const scheduled = state.scheduled_action as Record<string, unknown> | undefined;
    return {
      stage: now.stage,
      speed_to_lead_set: (await speedToLead(person.person_id)) !== null,
      events: events.map((e) => ({
        type: e.event_type,
        content: withoutKeys(e.content_data, ['provider_message_id', 'to_number', 'start_time']),
        metadata: withoutKeys(e.event_metadata, ['idempotency_key', 'action_id', 'decision_id']),
      })),
      actions: actions.map((a) => ({
        kind: a.kind,
        channel: a.channel,
        status: a.status,
        reason: a.reason,
        follow_up_number: a.follow_up_number,
        plan: a.plan,
        // The follow-up is planned from the moment the message went out.
        due_after_sent_min: Math.round((a.due_at.getTime() - sent.timestamp.getTime()) / 60_000),
      })),
      scheduled: scheduled && withoutKeys(scheduled, ['action_id', 'due_at']),
      next_is_the_action: now.next_scheduled_action?.getTime() === actions[0]?.due_at.getTime(),
      announcements: announcements.map((a) => ({
        type: a.type,
        event: (a.payload.timeline_event as { event_type?: string } | undefined)?.event_type,
        stage: (a.payload.person_data as { stage?: string }).stage,
      })),
    };
  }

  it('a burst of forms to a full_auto practice goes out as one send-batch: each lead answered once, as alone', async () => {
    h.clock.at = DAYTIME;
    const batched = jest.spyOn(sender, 'sendBatch');
    const single = jest.spyOn(sender, 'send');
    // The first contacts the action stage records are held and handed over together, as its batch path does.
    const held: SendMessageJob[] = [];
    const dispatch = outreach.dispatch.bind(outreach);
    const dispatchSpy = jest.spyOn(outreach, 'dispatch').mockImplementation(async (job) => {
      if (job.practice_id === practiceId) held.push(job);
      else await dispatch(job);
    });
    const phones = [usPhone(), usPhone(), usPhone(), usPhone()];
    await h.submitForms(practiceId, [
      { name: 'Ana Ruiz', phone: phones[0].typed, message: 'How much is a tummy tuck?' },
      { name: 'Bo Park', phone: phones[1].typed, message: 'Hola, ¿cuánto cuesta el botox en la frente?' },
      { name: 'Cy Hale', phone: phones[2].typed, message: 'Can I book a rhinoplasty consult next week?' },
      { name: 'Di Moss', phone: phones[3].typed, message: 'Interested in lip filler, what does it cost?' },
    ]);
    const leads = await Promise.all(phones.map((p) => h.leadByPhone(practiceId, p.e164)));
    const keys = await eventually(async () => {
      const rows: { idempotency_key: string }[] = await h.dataSource.query(
        `SELECT "idempotency_key" FROM "people"."outreach_sends" WHERE "person_id" = ANY($1::uuid[])`,
        [leads.map((l) => l.person_id)],
      );
      return rows.length === leads.length && rows.map((row) => row.idempotency_key);
    }, 30_000);
    dispatchSpy.mockRestore();
    // Whatever the action stage did not hand over together already (its batch path adds the batch itself).
    await outreach.dispatchMany(held.filter((job) => keys.includes(job.idempotency_key)));

    for (const l of leads) {
      await eventually(async () => {
        const actions = await h.actions(l.person_id);
        return actions.some((a) => a.kind === 'follow_up' && a.status === 'scheduled');
      }, 30_000);
    }
    // One batch carried every lead's first contact.
    expect(
      batched.mock.calls.some(([jobs]) => keys.every((key) => jobs.some((j) => j.idempotency_key === key))),
    ).toBe(true);
    expect(single.mock.calls.filter(([job]) => keys.includes(job.idempotency_key))).toHaveLength(0);
    for (const l of leads) {
      const sent = await h.events(l.person_id, 'sms_sent');
      expect(sent).toHaveLength(1);
      expect(sent[0].content_data).toMatchObject({
        channel: 'sms',
        action_type: 'sms_initial',
        mock_execution: true,
        to_number: l.primary_phone,
        provider_message_id: expect.stringMatching(/^SMsandbox/),
      });
      expect(sent[0].event_metadata).toMatchObject({ source: 'ai_decision', decision_id: null });
      const person = await h.person(l.person_id);
      expect(person.stage).toBe('Attempting Contact');
      expect(await speedToLead(l.person_id)).not.toBeNull();
      const [first, followUp] = await h.actions(l.person_id);
      expect(sent[0].event_metadata.idempotency_key).toBe(engineSendKey(first.action_id));
      expect(followUp).toMatchObject({ kind: 'follow_up', channel: 'sms', follow_up_number: 1 });
      // Planned from the action behind the send (read for the batch in one statement).
      expect(followUp.plan).toMatchObject({ intent: first.plan.intent, summary: first.plan.summary });
      expect(person.next_scheduled_action?.toISOString()).toBe(followUp.due_at.toISOString());
      const [scheduled] = (await h.events(l.person_id, 'scheduled_action')).slice(-1);
      expect(scheduled.event_metadata).toMatchObject({ action_id: followUp.action_id });
      const job = await h.queue.getJob(actionJobId(followUp.action_id));
      expect(await job?.isDelayed()).toBe(true);
      expect(job?.opts.priority).toBe(EnginePriority.runAction);
    }
    const [sms] = await h.events(leads[1].person_id, 'sms_sent');
    expect(String(sms.content_data.message)).toMatch(/Hola/);
  }, 90_000);

  it('leaves every lead of a batch exactly as a send of its own does: events, stage, speed to lead, follow-up, announcements', async () => {
    h.clock.at = DAYTIME;
    const alone = await lead();
    const together = [await lead(), await lead(), await lead()];

    expect(await sender.send(aiJob(alone))).toBe('sent');
    expect(await sender.sendBatch(together.map((p) => aiJob(p)))).toEqual(['sent', 'sent', 'sent']);

    const expected = await outcome(alone);
    expect(expected.events.map((e) => e.type)).toEqual(['sms_sent', 'scheduled_action']);
    expect(expected.actions).toHaveLength(1);
    for (const person of together) expect(await outcome(person)).toEqual(expected);
    for (const person of [alone, ...together]) {
      const [action] = await h.actions(person.person_id);
      const job = await h.queue.getJob(actionJobId(action.action_id));
      expect(job?.data).toEqual({
        action_id: action.action_id,
        practice_id: practiceId,
        person_id: person.person_id,
      });
      expect(job?.opts).toMatchObject({ priority: EnginePriority.runAction });
      expect(await job?.isDelayed()).toBe(true);
    }
  }, 60_000);

  it('plans the follow-up of an approved decision from the action that opened it, in a batch as alone', async () => {
    h.clock.at = DAYTIME;
    const alone = await lead();
    const together = [await lead(), await lead()];
    /** The engine action that put the decision up for review, as the runner leaves it (docs/product/ai-engine.md). */
    const approved = async (person: Person) => {
      const decisionId = randomUUID();
      await h.dataSource.query(
        `INSERT INTO "people"."engine_actions" ("practice_id", "person_id", "kind", "channel", "due_at", "status",
           "reason", "follow_up_number", "plan", "outcome", "finished_at", "created_at")
         VALUES ($1, $2, 'follow_up', 'sms', now(), 'done', 'Follow-up 1', 1, $3, $4, now(), now() - interval '1 day')`,
        [
          person.practice_id,
          person.person_id,
          JSON.stringify({ intent: 'pricing', summary: 'Asked what Botox costs', location_id: null }),
          JSON.stringify({ decision_id: decisionId }),
        ],
      );
      return aiJob(person, { idempotency_key: `decision:${decisionId}`, decision_id: decisionId });
    };

    expect(await sender.send(await approved(alone))).toBe('sent');
    const jobs = await Promise.all(together.map(approved));
    expect(await sender.sendBatch(jobs)).toEqual(['sent', 'sent']);

    const expected = await outcome(alone);
    expect(expected.actions).toMatchObject([
      { status: 'done' },
      {
        kind: 'follow_up',
        status: 'scheduled',
        follow_up_number: 2,
        plan: { summary: 'Asked what Botox costs' },
      },
    ]);
    for (const person of together) expect(await outcome(person)).toEqual(expected);
  }, 60_000);

  it("supersedes a lead's earlier plan with the follow-up, in a batch as alone", async () => {
    h.clock.at = DAYTIME;
    const alone = await lead();
    const together = [await lead(), await lead()];
    /** A follow-up the lead still had planned when the message went out (a staff send, say). */
    const planned = async (person: Person) => {
      const [action]: { action_id: string; due_at: Date }[] = await h.dataSource.query(
        `INSERT INTO "people"."engine_actions" ("practice_id", "person_id", "kind", "channel", "due_at", "status",
           "reason", "follow_up_number", "plan")
         VALUES ($1, $2, 'follow_up', 'email', now() + interval '2 days', 'scheduled', 'Follow-up 2', 2, '{}')
         RETURNING "action_id", "due_at"`,
        [person.practice_id, person.person_id],
      );
      await h.dataSource.query(
        `UPDATE "people"."persons" SET "next_scheduled_action" = $2,
           "current_outreach_state" = "current_outreach_state" || jsonb_build_object('scheduled_action', $3::jsonb)
         WHERE "person_id" = $1`,
        [
          person.person_id,
          action.due_at,
          JSON.stringify({
            action_id: action.action_id,
            kind: 'follow_up',
            channel: 'email',
            reason: 'Follow-up 2',
          }),
        ],
      );
      return aiJob(person);
    };

    expect(await sender.send(await planned(alone))).toBe('sent');
    const jobs = await Promise.all(together.map(planned));
    expect(await sender.sendBatch(jobs)).toEqual(['sent', 'sent']);

    const expected = await outcome(alone);
    expect(expected.actions).toMatchObject([
      { status: 'superseded', channel: 'email' },
      { status: 'scheduled', channel: 'sms', follow_up_number: 1 },
    ]);
    expect(expected.scheduled).toMatchObject({ channel: 'sms' });
    for (const person of together) {
      expect(await outcome(person)).toEqual(expected);
      const [old, next] = await h.actions(person.person_id);
      expect(old.outcome).toEqual({ why: 'A newer plan replaced it' });
      expect((await h.person(person.person_id)).next_scheduled_action?.toISOString()).toBe(
        next.due_at.toISOString(),
      );
    }
  }, 60_000);

  it('a transport failure of one message holds up none of the others; that one is retried alone and sent once', async () => {
    const people = [await lead(), await lead(), await lead()];
    const jobs = people.map(staffJob);
    const failing = jobs[1].idempotency_key;
    const original = sms.send.bind(sms);
    let failed = false;
    const transport = jest.spyOn(sms, 'send').mockImplementation(async (message) => {
      if (message.idempotency_key === failing && !failed) {
        failed = true;
        throw new Error('carrier unavailable');
      }
      return original(message);
    });
    await record(jobs);

    await outreach.dispatchMany(jobs);

    for (const person of people) {
      await eventually(async () => (await h.events(person.person_id, 'sms_sent')).length === 1, 20_000);
    }
    expect(callsFor(transport, failing)).toHaveLength(2);
    for (const job of [jobs[0], jobs[2]]) expect(callsFor(transport, job.idempotency_key)).toHaveLength(1);
    expect(await ledger(failing)).toMatchObject({ status: 'sent', attempts: 2, error: null });
    for (const person of people) expect(await h.events(person.person_id, 'sms_sent')).toHaveLength(1);
    const batch = await h.queue.getJob(batchJobId(jobs[0].idempotency_key));
    expect(batch?.name).toBe(SEND_BATCH_JOB);
  }, 60_000);

  it('never sends again a key already sent, whether a batch repeats it or two batch jobs carry the same sends', async () => {
    const people = [await lead(), await lead(), await lead()];
    const jobs = people.map(staffJob);
    const transport = jest.spyOn(sms, 'send');
    expect(await sender.send(jobs[0])).toBe('sent');

    expect(await sender.sendBatch([jobs[0], jobs[1], jobs[1]])).toEqual([
      'already_sent',
      'sent',
      'already_sent',
    ]);
    // Two API instances that both enqueued the same batch (BullMQ would drop a second job of the same id).
    await record([jobs[2]]);
    for (const copy of ['a', 'b']) {
      await h.queue.add(SEND_BATCH_JOB, { jobs }, { jobId: `dup-${copy}-${randomUUID()}` });
    }
    await eventually(async () => (await h.events(people[2].person_id, 'sms_sent')).length === 1, 20_000);
    await eventually(async () => (await h.queue.getJobCounts('active', 'waiting')).active === 0, 10_000);

    for (const job of jobs) expect(callsFor(transport, job.idempotency_key)).toHaveLength(1);
    for (const person of people) expect(await h.events(person.person_id, 'sms_sent')).toHaveLength(1);
  }, 60_000);

  it("holds a batch's AI texts that fall outside the lead's calling hours as single delayed jobs, and sends the rest", async () => {
    h.clock.at = EVENING_EDT;
    const florida = [await lead('305'), await lead('305')];
    const georgia = await lead('404');
    const jobs = [aiJob(florida[0]), aiJob(georgia), aiJob(florida[1])];
    await record(jobs);

    await outreach.dispatchMany(jobs);

    await eventually(async () => (await h.events(georgia.person_id, 'sms_sent')).length === 1, 20_000);
    const waiting = await Promise.all(
      [jobs[0], jobs[2]].map((job) =>
        eventually(async () => {
          const found = await h.queue.getJob(jobIdFor(job.idempotency_key));
          return found && (await found.isDelayed()) && found;
        }, 20_000),
      ),
    );
    for (const job of waiting) {
      expect(job.name).toBe(SEND_MESSAGE_JOB);
      // Until 08:00 in Florida on the engine's clock, 11.5 hours away.
      expect(job.delay).toBeGreaterThan(11.5 * HOURS - 60_000);
      expect(job.delay).toBeLessThanOrEqual(11.5 * HOURS);
    }
    for (const [i, person] of florida.entries()) {
      expect(await ledger(jobs[i * 2].idempotency_key)).toMatchObject({ status: 'queued' });
      expect(await h.events(person.person_id, 'sms_sent')).toHaveLength(0);
    }

    h.clock.at = MORNING_EDT;
    await waiting[0].promote();
    await eventually(async () => (await h.events(florida[0].person_id, 'sms_sent')).length === 1, 20_000);
    expect(await ledger(jobs[0].idempotency_key)).toMatchObject({ status: 'sent' });
    expect(await h.events(florida[1].person_id, 'sms_sent')).toHaveLength(0);
  }, 60_000);

  it('records each send alone when the batch cannot be recorded, every message still sent once', async () => {
    h.clock.at = DAYTIME;
    const people = [await lead(), await lead()];
    const jobs = people.map((p) => aiJob(p));
    const appendMany = jest
      .spyOn(h.service.app.get(LeadActivity), 'appendMany')
      .mockRejectedValueOnce(new Error('the batch could not be written'));

    expect(await sender.sendBatch(jobs)).toEqual(['sent', 'sent']);
    // The batch's sent events failed once; each send alone then wrote its own, and its follow-up's event.
    expect(appendMany.mock.calls.map(([, items]) => items.map((item) => item.input.event_type))).toEqual([
      ['sms_sent', 'sms_sent'],
      ['scheduled_action'],
      ['scheduled_action'],
    ]);

    for (const person of people) {
      expect(await h.events(person.person_id, 'sms_sent')).toHaveLength(1);
      expect(await h.events(person.person_id, 'scheduled_action')).toHaveLength(1);
      expect((await h.person(person.person_id)).stage).toBe('Attempting Contact');
    }
  }, 60_000);

  it('sends each message of a batch alone when the batch cannot be claimed', async () => {
    const people = [await lead(), await lead()];
    const jobs = people.map(staffJob);
    const claimMany = jest
      .spyOn(h.service.app.get(SendLedger), 'claimMany')
      .mockRejectedValueOnce(new Error('the batch could not be claimed'));
    const single = jest.spyOn(sender, 'send');

    expect(await sender.sendBatch(jobs)).toEqual(['sent', 'sent']);
    // The batch's claim failed once; each send alone then claimed its own key.
    expect(claimMany.mock.calls.map(([claimed]) => claimed.length)).toEqual([2, 1, 1]);
    expect(single).toHaveBeenCalledTimes(2);
    for (const person of people) expect(await h.events(person.person_id, 'sms_sent')).toHaveLength(1);
    for (const job of jobs) expect(await ledger(job.idempotency_key)).toMatchObject({ status: 'sent' });
  }, 60_000);

  it('fails a message of a batch its provider refuses for good, without retrying it, and sends the others', async () => {
    const people = [await lead(), await lead()];
    const jobs = people.map(staffJob);
    const original = sms.send.bind(sms);
    const transport = jest.spyOn(sms, 'send').mockImplementation(async (message) => {
      if (message.idempotency_key === jobs[0].idempotency_key) {
        throw new TransportRefusal('rejected', 'The carrier rejected the message');
      }
      return original(message);
    });

    expect(await sender.sendBatch(jobs)).toEqual(['failed', 'sent']);
    expect(await ledger(jobs[0].idempotency_key)).toMatchObject({
      status: 'failed',
      error: 'The carrier rejected the message',
    });
    expect(await h.queue.getJob(`retry_${jobIdFor(jobs[0].idempotency_key)}`)).toBeUndefined();
    expect(callsFor(transport, jobs[0].idempotency_key)).toHaveLength(1);
    expect(await h.events(people[0].person_id, 'sms_sent')).toHaveLength(0);
    expect(await h.events(people[1].person_id, 'sms_sent')).toHaveLength(1);
  }, 60_000);

  it('fails a send of a batch to a lead without the contact, announces that lead as it is, and sends the others', async () => {
    const reachable = await lead();
    const without = await h.leads.person(practiceId, { primary_phone: null });
    const jobs = [staffJob(without), staffJob(reachable)];

    expect(await sender.sendBatch(jobs)).toEqual(['failed', 'sent']);
    expect(await ledger(jobs[0].idempotency_key)).toMatchObject({
      status: 'failed',
      error: 'This lead has no phone number',
    });
    expect(await h.events(reachable.person_id, 'sms_sent')).toHaveLength(1);
    // The engine leaves a lead's announcement after its action to the send: one that never goes says so itself.
    const announced = await h.outbox(without.person_id);
    expect(announced.map((row) => row.type)).toEqual(['lead_updated']);
    expect(announced[0].payload).toMatchObject({ person_id: without.person_id });
  }, 60_000);
});

function withoutKeys(value: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}
