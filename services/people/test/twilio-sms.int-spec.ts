import { PracticeReadModel } from '@pp/platform';
import { startTwilioPeer, testPracticeNumber, TwilioPeer } from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { SendMessageJob } from '../src/outreach/jobs/send-message.job';
import { OutreachSend } from '../src/outreach/outreach-send.entity';
import { OutreachSender } from '../src/outreach/outreach-sender';
import { Person } from '../src/persons/person.entity';
import { TimelineEvent } from '../src/timeline/timeline-event.entity';
import { PeopleHarness, startPeople } from './people-harness';
import { practiceSnapshot, virtualNumber } from './factories/practices';
import { sendJob } from './factories/sends';

/** Outbound SMS through Twilio's REST API, played by a loopback peer (docs/product/channels.md). */
describe('SMS through Twilio (loopback Twilio peer, real PostgreSQL, Redis, Kafka)', () => {
  let h: PeopleHarness;
  let twilio: TwilioPeer;
  let sender: OutreachSender;
  const practice = randomUUID();
  const practiceNumber = testPracticeNumber('214');
  const trackingNumber = testPracticeNumber('214');

  beforeAll(async () => {
    twilio = await startTwilioPeer();
    h = await startPeople('twilio-sms', {
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_API_BASE_URL: twilio.baseUrl,
      PUBLIC_BASE_URL: 'https://pilot.example.com',
    });
    sender = h.service.app.get(OutreachSender);
    // The practice's numbers as the gateway's snapshot on practice.changes carries them.
    await h.service.app
      .get(PracticeReadModel)
      .apply(
        practiceSnapshot(practice, 'Bright Smiles Dental', [
          virtualNumber(trackingNumber, { assignment_type: 'tracking' }),
          virtualNumber(practiceNumber),
        ]),
      );
  });
  afterAll(async () => {
    await h?.stop();
    await twilio?.close();
  });

  const job = (person: Person): SendMessageJob => sendJob(person);
  const events = (personId: string, type: string) =>
    h.dataSource.getRepository(TimelineEvent).findBy({ person_id: personId, event_type: type });
  const ledger = (key: string) =>
    h.dataSource.getRepository(OutreachSend).findOneByOrFail({ idempotency_key: key });
  const reload = (personId: string) =>
    h.dataSource.getRepository(Person).findOneByOrFail({ person_id: personId });
  const sentTo = (number: string) => twilio.messages.filter((message) => message.to === number);

  it("sends from the practice's default number with the status callback, and records Twilio's MessageSid", async () => {
    const person = await h.leads.person(practice, { primary_phone: '+12145550131' });
    const data = job(person);

    expect(await sender.send(data)).toBe('sent');

    expect(sentTo('+12145550131')).toEqual([
      {
        sid: expect.stringMatching(/^SM[0-9a-f]{32}$/),
        to: '+12145550131',
        from: practiceNumber,
        body: data.message,
        status_callback: 'https://pilot.example.com/api/v1/channels/twilio/status',
      },
    ]);
    const sid = sentTo('+12145550131')[0].sid;
    expect(await ledger(data.idempotency_key)).toMatchObject({ status: 'sent', provider_id: sid });
    const [event] = await events(person.person_id, 'sms_sent');
    expect(event.content_data).toMatchObject({
      provider_message_id: sid,
      mock_execution: false,
      status: 'queued',
      to_number: '+12145550131',
    });
  });

  it('sends one message to Twilio when the job is retried', async () => {
    const person = await h.leads.person(practice, { primary_phone: '+12145550132' });
    const data = job(person);
    expect(await sender.send(data)).toBe('sent');
    expect(await sender.send(data)).toBe('already_sent');
    expect(await sender.send(data)).toBe('already_sent');
    expect(sentTo('+12145550132')).toHaveLength(1);
    expect(await events(person.person_id, 'sms_sent')).toHaveLength(1);
  });

  it('opts the lead out when Twilio answers 21610 (the recipient unsubscribed), and never retries', async () => {
    const person = await h.leads.person(practice, { primary_phone: '+12145550133' });
    twilio.block('+12145550133');
    const data = job(person);

    expect(await sender.send(data)).toBe('failed');

    expect((await reload(person.person_id)).current_outreach_state).toMatchObject({ opted_out: true });
    const [stopped] = await events(person.person_id, 'outreach_stopped');
    expect(stopped.content_data).toMatchObject({ reason: 'carrier_unsubscribed' });
    expect(await ledger(data.idempotency_key)).toMatchObject({ status: 'failed' });
    const requests = twilio.requests;
    expect(await sender.send(job(person))).toBe('failed');
    expect(twilio.requests).toBe(requests);
    expect(await events(person.person_id, 'sms_sent')).toHaveLength(0);
  });

  it('flags the phone when Twilio answers 21211 (invalid number), and sends no more to it until it changes', async () => {
    const person = await h.leads.person(practice, { primary_phone: '+12145550134' });
    twilio.invalidate('+12145550134');

    expect(await sender.send(job(person))).toBe('failed');

    expect((await reload(person.person_id)).current_outreach_state).toMatchObject({
      invalid_phone: '+12145550134',
    });
    const requests = twilio.requests;
    const again = job(person);
    expect(await sender.send(again)).toBe('failed');
    expect(twilio.requests).toBe(requests);
    expect(await ledger(again.idempotency_key)).toMatchObject({
      error: "This lead's phone number cannot receive messages",
    });

    await h.dataSource
      .getRepository(Person)
      .update({ person_id: person.person_id }, { primary_phone: '+12145550135' });
    expect(await sender.send(job(person))).toBe('sent');
    expect(sentTo('+12145550135')).toHaveLength(1);
  });

  it("follows the practice's numbers from practice.changes: kept without the field, replaced with it", async () => {
    const other = randomUUID();
    const readModel = h.service.app.get(PracticeReadModel);
    const snapshot = (numbers?: { phone_number: string; sms: boolean }[]) =>
      practiceSnapshot(
        other,
        'Harbor Dental',
        numbers?.map(({ phone_number, sms }) =>
          virtualNumber(phone_number, { capabilities: { voice: true, sms } }),
        ),
      );

    const voiceOnly = testPracticeNumber('206');
    const textable = testPracticeNumber('206');
    await readModel.apply(snapshot([{ phone_number: voiceOnly, sms: false }]));
    expect(await readModel.smsNumber(other)).toBeNull();
    const person = await h.leads.person(other, { primary_phone: '+12065550131' });
    const noNumber = job(person);
    expect(await sender.send(noNumber)).toBe('failed');
    expect(await ledger(noNumber.idempotency_key)).toMatchObject({
      error: 'The practice has no active virtual number that can send SMS',
    });

    await readModel.apply(snapshot([{ phone_number: textable, sms: true }]));
    await readModel.apply(snapshot());
    expect(await readModel.smsNumber(other)).toBe(textable);
    expect((await readModel.numberOwner(textable))?.practice_id).toBe(other);
    expect(await readModel.numberOwner(voiceOnly)).toBeNull();
  });
});
