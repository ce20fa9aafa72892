import { getQueueToken } from '@nestjs/bullmq';
import { eventually, RunningService, startTestService } from '@pp/testing';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { PeopleConfig } from '../src/config';
import { peopleDatabase } from '../src/database/database';
import { SEND_MESSAGE_JOB, SendMessageJob } from '../src/outreach/jobs/send-message.job';
import { OutreachQueue } from '../src/outreach/outreach-queue';
import { OutreachRecovery } from '../src/outreach/outreach-recovery';
import { OutreachSend } from '../src/outreach/outreach-send.entity';
import { OutreachSender } from '../src/outreach/outreach-sender';
import { Transports } from '../src/outreach/transports/transports';
import { peopleService } from '../src/people.service-definition';
import { Person } from '../src/persons/person.entity';
import { OUTREACH_QUEUE } from '../src/queues';
import { TimelineEvent } from '../src/timeline/timeline-event.entity';
import { PeopleHarness, startPeople } from './people-harness';

describe('the outreach queue and its send ledger (real PostgreSQL, Redis, Kafka)', () => {
  let h: PeopleHarness;
  const practice = randomUUID();
  let sender: OutreachSender;
  let outreach: OutreachQueue;
  let recovery: OutreachRecovery;
  let smsTransport: ReturnType<Transports['for']>;

  beforeAll(async () => {
    h = await startPeople('outreach');
    sender = h.service.app.get(OutreachSender);
    outreach = h.service.app.get(OutreachQueue);
    recovery = h.service.app.get(OutreachRecovery);
    smsTransport = h.service.app.get(Transports).for('sms');
  });
  afterAll(() => h.stop());
  afterEach(() => jest.restoreAllMocks());

  // Staff's own texts: the ledger treats every source alike, and staff's sends keep no calling hours, so the
  // tests hold at any time of day (the AI's are held at send time: engine-send-window.int-spec.ts).
  const job = (person: Person, overrides: Partial<SendMessageJob> = {}): SendMessageJob => ({
    idempotency_key: `action:${randomUUID()}`,
    practice_id: person.practice_id,
    person_id: person.person_id,
    channel: 'sms',
    action_type: 'sms_sent',
    message: 'Hi Sofia, Thursday at 3 pm is open. Shall I book it?',
    subject: null,
    source: 'human_action',
    decision_id: null,
    edited: false,
    notes: null,
    requested_by_name: 'Dana Reyes',
    ...overrides,
  });
  /**
   * A transport spy's calls for this file's practice: the service under test also takes in the forms other test
   * files publish on the shared broker, and the engine answers those leads through the same sandbox transport.
   */
  const ours = (spy: { mock: { calls: unknown[][] } }) =>
    spy.mock.calls.filter(([message]) => (message as { practice_id?: string }).practice_id === practice);
  const smsEvents = (personId: string) =>
    h.dataSource.getRepository(TimelineEvent).findBy({ person_id: personId, event_type: 'sms_sent' });
  const ledger = (key: string) =>
    h.dataSource.getRepository(OutreachSend).findOneBy({ idempotency_key: key });

  it('sends once when two processors handle the same key at the same moment', async () => {
    const person = await h.leads.person(practice);
    const send = jest.spyOn(smsTransport, 'send');
    const data = job(person);

    const outcomes = await Promise.all([sender.send(data), sender.send(data), sender.send(data)]);

    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(1);
    expect(ours(send)).toHaveLength(1);
    expect(await smsEvents(person.person_id)).toHaveLength(1);
    expect(await ledger(data.idempotency_key)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('skips a retried job whose message already went out', async () => {
    const person = await h.leads.person(practice);
    const data = job(person);
    expect(await sender.send(data)).toBe('sent');
    const send = jest.spyOn(smsTransport, 'send');
    expect(await sender.send(data)).toBe('already_sent');
    expect(ours(send)).toHaveLength(0);
    expect(await smsEvents(person.person_id)).toHaveLength(1);
  });

  it('processes duplicate jobs of one key on the real worker and sends once', async () => {
    const person = await h.leads.person(practice);
    const send = jest.spyOn(smsTransport, 'send');
    const queue = h.service.app.get<Queue<SendMessageJob>>(getQueueToken(OUTREACH_QUEUE));
    const data = job(person);
    // Two API instances that both enqueued (BullMQ would drop a second job of the same id, so ids differ).
    await queue.add(SEND_MESSAGE_JOB, data, { jobId: `dup-a-${randomUUID()}` });
    await queue.add(SEND_MESSAGE_JOB, data, { jobId: `dup-b-${randomUUID()}` });
    await eventually(
      async () => (await queue.getCompletedCount()) >= 2 && (await smsEvents(person.person_id)).length > 0,
      10_000,
    );
    await eventually(async () => (await queue.getJobCounts('active', 'waiting')).active === 0, 5000);
    expect(ours(send)).toHaveLength(1);
    expect(await smsEvents(person.person_id)).toHaveLength(1);
  });

  describe('with a second worker process on the same database and queue', () => {
    let second: RunningService<PeopleConfig>;

    beforeAll(async () => {
      second = await startTestService(peopleService, peopleDatabase, {
        DATABASE_URL: h.database.url,
        QUEUE_PREFIX: h.service.config.QUEUE_PREFIX,
      });
    });
    afterAll(() => second.close());

    it('never sends a key twice however the jobs are spread over the two workers', async () => {
      const firstSend = jest.spyOn(smsTransport, 'send');
      const secondSend = jest.spyOn(second.app.get(Transports).for('sms'), 'send');
      const queue = h.service.app.get<Queue<SendMessageJob>>(getQueueToken(OUTREACH_QUEUE));
      const people = await Promise.all(Array.from({ length: 8 }, () => h.leads.person(practice)));
      const jobs = people.map((person) => job(person));
      // Every key enqueued three times under different job ids: both workers race for each key.
      await queue.addBulk(
        jobs.flatMap((data) =>
          ['a', 'b', 'c'].map((copy) => ({
            name: SEND_MESSAGE_JOB,
            data,
            opts: { jobId: `${copy}-${randomUUID()}` },
          })),
        ),
      );

      await eventually(async () => {
        const counts = await queue.getJobCounts('completed', 'active', 'waiting');
        return counts.active === 0 && counts.waiting === 0 && counts.completed >= 24;
      }, 20_000);
      expect(ours(firstSend).length + ours(secondSend).length).toBe(8);
      for (const person of people) expect(await smsEvents(person.person_id)).toHaveLength(1);
    });
  });

  it('gives the key back when the transport fails, and sends on the retry', async () => {
    const person = await h.leads.person(practice);
    const data = job(person);
    jest.spyOn(smsTransport, 'send').mockRejectedValueOnce(new Error('carrier unavailable'));

    await expect(sender.send(data)).rejects.toThrow('carrier unavailable');
    expect(await ledger(data.idempotency_key)).toMatchObject({
      status: 'queued',
      error: 'carrier unavailable',
    });
    expect(await smsEvents(person.person_id)).toHaveLength(0);

    expect(await sender.send(data)).toBe('sent');
    expect(await ledger(data.idempotency_key)).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(await smsEvents(person.person_id)).toHaveLength(1);
  });

  it('gives up after the last attempt fails', async () => {
    const person = await h.leads.person(practice);
    const data = job(person);
    jest.spyOn(smsTransport, 'send').mockRejectedValueOnce(new Error('number unreachable'));
    await expect(sender.send(data, { lastAttempt: true })).rejects.toThrow('number unreachable');
    expect(await ledger(data.idempotency_key)).toMatchObject({
      status: 'failed',
      error: 'number unreachable',
    });
    expect(await sender.send(data)).toBe('failed');
  });

  it('never resends a key a stopped worker left mid-send; recovery marks it failed', async () => {
    const person = await h.leads.person(practice);
    const data = job(person);
    await h.dataSource.query(
      `INSERT INTO "people"."outreach_sends" ("idempotency_key", "practice_id", "person_id", "channel", "status", "payload", "claimed_at", "attempts")
       VALUES ($1, $2, $3, 'sms', 'sending', $4, now() - interval '11 minutes', 1)`,
      [data.idempotency_key, practice, person.person_id, JSON.stringify(data)],
    );
    const send = jest.spyOn(smsTransport, 'send');
    expect(await sender.send(data)).toBe('in_flight');
    expect(ours(send)).toHaveLength(0);

    await recovery.sweep();
    expect(await ledger(data.idempotency_key)).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('Outcome unknown'),
    });
    expect(await smsEvents(person.person_id)).toHaveLength(0);
  });

  it('records the event of a send whose recording failed, without sending again', async () => {
    const person = await h.leads.person(practice);
    const data = job(person);
    const receipt = { provider_id: 'SMsandbox123', mock_execution: true };
    await h.dataSource.query(
      `INSERT INTO "people"."outreach_sends" ("idempotency_key", "practice_id", "person_id", "channel", "status", "payload", "claimed_at", "attempts", "sent_at")
       VALUES ($1, $2, $3, 'sms', 'sent', $4, now(), 1, now())`,
      [
        data.idempotency_key,
        practice,
        person.person_id,
        JSON.stringify({ ...data, receipt, to: person.primary_phone }),
      ],
    );
    const send = jest.spyOn(smsTransport, 'send');
    expect(await sender.send(data)).toBe('already_sent');
    expect(ours(send)).toHaveLength(0);
    const events = await smsEvents(person.person_id);
    expect(events).toHaveLength(1);
    expect(events[0].content_data).toMatchObject({
      provider_message_id: 'SMsandbox123',
      mock_execution: true,
    });
    expect(await ledger(data.idempotency_key)).toMatchObject({ event_id: events[0].event_id });
  });

  it('re-enqueues a committed send whose job never reached Redis', async () => {
    const person = await h.leads.person(practice);
    const data = job(person);
    // The request committed its ledger row, then lost Redis before dispatch.
    await h.dataSource.transaction((manager) => outreach.record(manager, data));
    expect(await ledger(data.idempotency_key)).toMatchObject({ status: 'queued' });

    expect(await recovery.sweep(0)).toBeGreaterThanOrEqual(1);
    await eventually(async () => (await smsEvents(person.person_id)).length === 1, 10_000);
    expect(await ledger(data.idempotency_key)).toMatchObject({ status: 'sent' });
  });

  it('leaves nothing to send when the request that recorded it rolled back', async () => {
    const person = await h.leads.person(practice);
    const data = job(person);
    await expect(
      h.dataSource.transaction(async (manager) => {
        await outreach.record(manager, data);
        throw new Error('approve failed later in its transaction');
      }),
    ).rejects.toThrow();
    expect(await ledger(data.idempotency_key)).toBeNull();
    expect(await recovery.sweep(0)).toBe(0);
  });

  it('fails a send to a lead without the contact, without retrying', async () => {
    const person = await h.leads.person(practice, { primary_phone: null });
    const data = job(person);
    expect(await sender.send(data)).toBe('failed');
    expect(await ledger(data.idempotency_key)).toMatchObject({
      status: 'failed',
      error: 'This lead has no phone number',
    });
  });
});
