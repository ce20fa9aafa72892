import { PracticeReadModel } from '@pp/platform';
import { eventually, startTwilioPeer, testPracticeNumber, twimlAttribute, TwilioPeer } from '@pp/testing';
import { randomUUID } from 'node:crypto';
import type { SendMessageJob } from '../src/outreach/jobs/send-message.job';
import { OutreachSender } from '../src/outreach/outreach-sender';
import { Person } from '../src/persons/person.entity';
import { TimelineEvent } from '../src/timeline/timeline-event.entity';
import { PeopleHarness, startPeople, TestClock } from './people-harness';
import { practiceSnapshot, virtualNumber } from './factories/practices';
import { sendJob } from './factories/sends';

const PUBLIC_BASE_URL = 'https://pilot.example.com';
const VOICE_URL = `${PUBLIC_BASE_URL}/api/v1/channels/twilio/voice`;

/**
 * Twilio voice against a loopback Twilio peer that speaks Calls.json and posts every call webhook as Twilio would
 * (signed for PUBLIC_BASE_URL, delivered to the people service on loopback; the gateway's verification is
 * services/gateway/test/twilio-webhooks.int-spec.ts), with real PostgreSQL, Redis (the `calls` queue) and Kafka.
 */
describe('Twilio voice: inbound calls and the AI calls (loopback Twilio peer, real PostgreSQL, Redis, Kafka)', () => {
  let h: PeopleHarness;
  let twilio: TwilioPeer;
  const clock = new TestClock();
  const practice = randomUUID();
  const practiceNumber = testPracticeNumber('312');
  /** The primary location's phone, '(312) 555-0177': the line calls are forwarded and handed over to. */
  const practiceLine = '+13125550177';
  let phoneSeq = 300;
  const nextPhone = () => `+1312555${String(phoneSeq++).padStart(4, '0')}`;

  beforeAll(async () => {
    // 10:00 in Chicago: a text-back is allowed (quiet hours are 21:00–08:00).
    clock.at = new Date('2026-11-24T16:00:00Z');
    twilio = await startTwilioPeer();
    h = await startPeople(
      'twilio-voice',
      {
        TWILIO_ACCOUNT_SID: twilio.accountSid,
        TWILIO_AUTH_TOKEN: twilio.authToken,
        TWILIO_API_BASE_URL: twilio.baseUrl,
        PUBLIC_BASE_URL,
      },
      { clock },
    );
    twilio.voice.route(PUBLIC_BASE_URL, h.service.url);
    const readModel = h.service.app.get(PracticeReadModel);
    const envelope = () => ({
      v: 1,
      event_id: randomUUID(),
      practice_id: practice,
      occurred_at: new Date().toISOString(),
    });
    await readModel.apply(practiceSnapshot(practice, 'Lakeview Smiles', [virtualNumber(practiceNumber)]));
    await readModel.apply({
      ...envelope(),
      type: 'location_created',
      location: {
        location_id: randomUUID(),
        practice_id: practice,
        name: 'Lakeview',
        address: '1 Lake St, Chicago, IL',
        phone: '(312) 555-0177',
        timezone: 'America/Chicago',
        is_primary: true,
        is_active: true,
        business_hours: null,
      },
    });
  });
  afterAll(async () => {
    await h?.stop();
    await twilio?.close();
  });

  const events = (personId: string, type: string) =>
    h.dataSource.getRepository(TimelineEvent).find({ where: { person_id: personId, event_type: type } });
  const leadWith = (phone: string) =>
    h.dataSource.getRepository(Person).findOneByOrFail({ practice_id: practice, primary_phone: phone });
  const textsTo = (phone: string) => twilio.messages.filter((message) => message.to === phone);
  /** An approved AI decision to call the lead, with its call script. */
  const aiCall = (lead: Person, script: string): SendMessageJob =>
    sendJob(
      { practice_id: practice, person_id: lead.person_id },
      { channel: 'phone', action_type: 'schedule_call', message: script },
    );
  /** The send ledger's rows of a lead: written in the job's transaction, so final once the job's event changed. */
  const sendsTo = async (personId: string) =>
    (
      (await h.dataSource.query(`SELECT 1 FROM "people"."outreach_sends" WHERE "person_id" = $1`, [
        personId,
      ])) as unknown[]
    ).length;
  const call = (from: string) => twilio.voice.incoming({ from, to: practiceNumber, url: VOICE_URL });

  it('answers an inbound call with TwiML that rings the practice line with a whisper, and records the call', async () => {
    const from = nextPhone();
    const known = await h.leads.person(practice, {
      primary_phone: from,
      first_name: 'Maya',
      last_name: 'Lopez',
    });

    const { status, twiml, callSid } = await call(from);

    expect(status).toBe(200);
    expect(twiml).toMatch(/<Dial [^>]*timeout="20"[^>]*>\s*<Number [^>]*>[^<]+<\/Number>\s*<\/Dial>/);
    expect(twiml).toContain(`>${practiceLine}</Number>`);
    expect(twimlAttribute(twiml, 'Dial', 'action')).toMatch(
      /^https:\/\/pilot\.example\.com\/api\/v1\/channels\/twilio\/voice\/dial\?call=[0-9a-f-]{36}$/,
    );
    expect(twimlAttribute(twiml, 'Number', 'url')).toMatch(/\/voice\/whisper\?call=/);
    const whisper = await twilio.voice.whisper(callSid, twiml);
    expect(whisper.status).toBe(200);
    expect(whisper.twiml).toContain('<Say');
    expect(whisper.twiml).toContain('PracticePilot call for Lakeview Smiles, from Maya Lopez.');
    const [event] = await events(known.person_id, 'phone_call_received');
    expect(event.content_data).toMatchObject({
      from_number: from,
      to_number: practiceNumber,
      call_sid: callSid,
      status: 'ringing',
    });

    // Staff answered: the call is done, no voicemail, no text-back.
    const after = await twilio.voice.dialEnded(callSid, twiml, 'completed');
    expect(after.twiml).toContain('<Hangup/>');
    await eventually(
      async () =>
        (await events(known.person_id, 'phone_call_received'))[0].content_data.status === 'answered',
    );
    expect(textsTo(from)).toHaveLength(0);
  });

  it('creates a lead for an unknown caller, and whispers that a new caller is on the line', async () => {
    const from = nextPhone();
    const { twiml, callSid } = await call(from);
    const lead = await leadWith(from);
    expect(lead.stage).toBe('Lead');
    expect(await events(lead.person_id, 'phone_call_received')).toHaveLength(1);
    const whisper = await twilio.voice.whisper(callSid, twiml);
    expect(whisper.twiml).toMatch(/from a new caller, 3 1 2 5 5 5/);
  });

  it('takes a voicemail when nobody answers: transcribed onto the call event, then read by the engine', async () => {
    const from = nextPhone();
    const { twiml, callSid } = await call(from);

    const voicemail = await twilio.voice.dialEnded(callSid, twiml, 'no-answer');
    expect(voicemail.status).toBe(200);
    expect(voicemail.twiml).toContain('Thank you for calling Lakeview Smiles.');
    expect(twimlAttribute(voicemail.twiml, 'Record', 'transcribe')).toBe('true');
    expect(twimlAttribute(voicemail.twiml, 'Record', 'maxLength')).toBe('120');
    const left = await twilio.voice.leaveVoicemail(callSid, voicemail.twiml, {
      transcript: 'Hi, this is Ana. I would like to book a cleaning next week, please call me back.',
    });
    expect(left.recorded.twiml).toContain('<Hangup/>');
    expect(left.transcribed.status).toBe(200);

    const lead = await leadWith(from);
    await eventually(async () => {
      const [event] = await events(lead.person_id, 'phone_call_received');
      return typeof event.content_data.transcript === 'string';
    });
    const [event] = await events(lead.person_id, 'phone_call_received');
    expect(event.content_data).toMatchObject({
      from_number: from,
      to_number: practiceNumber,
      call_sid: callSid,
      status: 'voicemail',
      transcript: 'Hi, this is Ana. I would like to book a cleaning next week, please call me back.',
      recording_url: left.recordingUrl,
      duration_seconds: 12,
    });
    expect(typeof event.content_data.summary).toBe('string');
    await eventually(async () => {
      const analyses: { channel: string; trigger_event_id: string; status: string }[] =
        await h.dataSource.query(
          `SELECT "channel", "trigger_event_id", "status" FROM "people"."engine_analyses" WHERE "person_id" = $1`,
          [lead.person_id],
        );
      // The engine read the transcript through (analysis done).
      return analyses.some(
        (row) => row.channel === 'phone' && row.trigger_event_id === event.event_id && row.status === 'done',
      );
    });
  });

  it('texts a missed caller back once per day, however often they call', async () => {
    const from = nextPhone();
    for (let i = 0; i < 3; i += 1) {
      const { twiml, callSid } = await call(from);
      await twilio.voice.dialEnded(callSid, twiml, i === 1 ? 'busy' : 'no-answer');
      const lead = await leadWith(from);
      await eventually(async () =>
        (await events(lead.person_id, 'phone_call_received')).every(
          (event) => event.content_data.status === 'missed',
        ),
      );
    }
    const lead = await leadWith(from);
    expect(await sendsTo(lead.person_id)).toBe(1);
    await eventually(async () => textsTo(from).length === 1);
    expect(textsTo(from)[0]).toMatchObject({ from: practiceNumber });
    expect(textsTo(from)[0].body).toContain('Lakeview Smiles. Sorry we missed your call!');
    await eventually(async () => (await events(lead.person_id, 'sms_sent')).length === 1);
    expect(await events(lead.person_id, 'phone_call_received')).toHaveLength(3);

    // The next day (in the practice's time zone) a missed call is texted back again.
    clock.at = new Date('2026-11-25T16:00:00Z');
    try {
      const { twiml, callSid } = await call(from);
      await twilio.voice.dialEnded(callSid, twiml, 'no-answer');
      await eventually(async () => textsTo(from).length === 2);
    } finally {
      clock.at = new Date('2026-11-24T16:00:00Z');
    }
  });

  it('never texts back a caller who opted out, nor in quiet hours', async () => {
    const optedOut = nextPhone();
    const lead = await h.leads.person(practice, { primary_phone: optedOut });
    await h.dataSource.query(
      `UPDATE "people"."persons" SET "current_outreach_state" = '{"opted_out": true}'::jsonb WHERE "person_id" = $1`,
      [lead.person_id],
    );
    const first = await call(optedOut);
    await twilio.voice.dialEnded(first.callSid, first.twiml, 'no-answer');

    const late = nextPhone();
    clock.at = new Date('2026-11-25T04:30:00Z'); // 22:30 in Chicago
    try {
      const second = await call(late);
      await twilio.voice.dialEnded(second.callSid, second.twiml, 'no-answer');
      const lateLead = await leadWith(late);
      await eventually(
        async () =>
          (await events(lateLead.person_id, 'phone_call_received'))[0].content_data.status === 'missed',
      );
    } finally {
      clock.at = new Date('2026-11-24T16:00:00Z');
    }
    await eventually(
      async () => (await events(lead.person_id, 'phone_call_received'))[0].content_data.status === 'missed',
    );
    expect(await sendsTo(lead.person_id)).toBe(0);
    expect(await sendsTo((await leadWith(late)).person_id)).toBe(0);
    expect(textsTo(optedOut)).toHaveLength(0);
    expect(textsTo(late)).toHaveLength(0);
  });

  it('changes nothing when Twilio retries a webhook with the same CallSid', async () => {
    const from = nextPhone();
    const first = await call(from);
    const retried = await twilio.voice.incoming({
      from,
      to: practiceNumber,
      url: VOICE_URL,
      callSid: first.callSid,
    });
    expect(retried.status).toBe(200);
    expect(retried.twiml).toBe(first.twiml);
    for (let i = 0; i < 2; i += 1) await twilio.voice.dialEnded(first.callSid, first.twiml, 'no-answer');
    const voicemail = await twilio.voice.dialEnded(first.callSid, first.twiml, 'no-answer');
    for (let i = 0; i < 2; i += 1) {
      await twilio.voice.leaveVoicemail(first.callSid, voicemail.twiml, {
        transcript: 'Please call me back about veneers.',
      });
    }

    const lead = await leadWith(from);
    await eventually(async () => {
      const [event] = await events(lead.person_id, 'phone_call_received');
      return event.content_data.transcript === 'Please call me back about veneers.';
    });
    await eventually(async () => textsTo(from).length === 1);
    const calls: unknown[] = await h.dataSource.query(
      `SELECT 1 FROM "people"."calls" WHERE "call_sid" = $1`,
      [first.callSid],
    );
    expect(calls).toHaveLength(1);
    expect(await events(lead.person_id, 'phone_call_received')).toHaveLength(1);
    expect(
      await h.dataSource.getRepository(Person).countBy({ practice_id: practice, primary_phone: from }),
    ).toBe(1);
    const sends: unknown[] = await h.dataSource.query(
      `SELECT 1 FROM "people"."outreach_sends" WHERE "person_id" = $1`,
      [lead.person_id],
    );
    expect(sends).toHaveLength(1);
  });

  it('shows an AI call nobody answered on its phone_call_sent, with no completed call', async () => {
    const phone = nextPhone();
    const lead = await h.leads.person(practice, { primary_phone: phone, first_name: 'Noor' });
    expect(
      await h.service.app.get(OutreachSender).send(aiCall(lead, 'Hi Noor, this is Lakeview Smiles.')),
    ).toBe('sent');
    const [placed] = twilio.voice.calls.filter((candidate) => candidate.to === phone);
    await twilio.voice.end(placed.sid, { status: 'no-answer' });
    await eventually(
      async () => (await events(lead.person_id, 'phone_call_sent'))[0].content_data.status === 'no-answer',
    );
    expect(await events(lead.person_id, 'phone_call_completed')).toHaveLength(0);
  });

  it('refuses a callback whose CallSid is not the call its URL names, and one for a call that does not exist', async () => {
    const from = nextPhone();
    const first = await call(from);
    const other = await call(nextPhone());
    // The first call's dial action, posted (signed) with the other call's CallSid.
    const action = String(twimlAttribute(first.twiml, 'Dial', 'action'));
    const crossed = await twilio.voice.webhook(action, {
      CallSid: other.callSid,
      DialCallStatus: 'no-answer',
    });
    expect(crossed.status).toBe(404);
    expect(JSON.parse(crossed.twiml)).toEqual({ detail: 'No such call' });
    const unknown = await twilio.voice.webhook(
      `${PUBLIC_BASE_URL}/api/v1/channels/twilio/voice/dial?call=${randomUUID()}`,
      { CallSid: first.callSid, DialCallStatus: 'no-answer' },
    );
    expect(unknown.status).toBe(404);
    const lead = await leadWith(from);
    const [event] = await events(lead.person_id, 'phone_call_received');
    expect(event.content_data.status).toBe('ringing');
    expect(await sendsTo(lead.person_id)).toBe(0);
  });

  it('places an AI call through Twilio, speaks in Gather turns, hands over on request and records the completed call', async () => {
    const phone = nextPhone();
    const lead = await h.leads.person(practice, {
      primary_phone: phone,
      first_name: 'Sofia',
      last_name: 'Reyes',
    });
    const job = aiCall(
      lead,
      'Hi Sofia, this is Lakeview Smiles calling about your question on teeth whitening. Do you have a minute?',
    );

    expect(await h.service.app.get(OutreachSender).send(job)).toBe('sent');

    const placed = twilio.voice.calls.filter((candidate) => candidate.to === phone);
    expect(placed).toHaveLength(1);
    const [created] = placed;
    expect(created).toMatchObject({
      from: practiceNumber,
      status_callback: `${PUBLIC_BASE_URL}/api/v1/channels/twilio/voice/status`,
      recording_status_callback: `${PUBLIC_BASE_URL}/api/v1/channels/twilio/voice/recording`,
      record: true,
    });
    expect(created.url).toMatch(
      /^https:\/\/pilot\.example\.com\/api\/v1\/channels\/twilio\/voice\/ai\?call=/,
    );
    const [sent] = await events(lead.person_id, 'phone_call_sent');
    expect(sent.content_data).toMatchObject({
      call_sid: created.sid,
      mock_execution: false,
      to_number: phone,
    });

    const opening = await twilio.voice.answer(created.sid);
    expect(opening.status).toBe(200);
    expect(opening.twiml).toMatch(/<Gather [^>]*input="speech"/);
    expect(opening.twiml).toContain(
      'Hi Sofia, this is Lakeview Smiles calling about your question on teeth whitening.',
    );

    const turn = await twilio.voice.say(created.sid, opening.twiml, 'Yes. How long does whitening take?');
    expect(turn.twiml).toMatch(/<Gather [^>]*input="speech"/);
    expect(twimlAttribute(turn.twiml, 'Gather', 'action')).toMatch(/turn=2$/);
    // Twilio retried the turn: the same answer, the conversation unchanged.
    const again = await twilio.voice.say(created.sid, opening.twiml, 'Yes. How long does whitening take?');
    expect(again.twiml).toBe(turn.twiml);

    const handOver = await twilio.voice.say(created.sid, turn.twiml, 'Can I talk to someone at the office?');
    expect(handOver.twiml).toMatch(new RegExp(`<Dial [^>]*>\\${practiceLine}</Dial>`));
    expect(handOver.twiml).not.toContain('<Gather');

    const { recordingUrl } = await twilio.voice.end(created.sid, { duration: 95 });
    await eventually(async () => (await events(lead.person_id, 'phone_call_completed')).length === 1);
    const [completed] = await events(lead.person_id, 'phone_call_completed');
    expect(completed.content_data).toMatchObject({
      call_sid: created.sid,
      duration_seconds: 95,
      recording_url: recordingUrl,
      status: 'completed',
      handed_over: true,
      to_number: phone,
      from_number: practiceNumber,
    });
    const transcript = String(completed.content_data.transcript);
    expect(transcript).toContain('Practice: Hi Sofia, this is Lakeview Smiles');
    expect(transcript).toContain('Lead: Yes. How long does whitening take?');
    expect(transcript).toContain('Lead: Can I talk to someone at the office?');
    expect(String(completed.content_data.summary)).toContain('Handed over to the practice line.');

    // A retried status callback writes nothing more.
    await twilio.voice.end(created.sid, { duration: 95 });
    await eventually(async () => {
      const analyses: { channel: string; status: string }[] = await h.dataSource.query(
        `SELECT "channel", "status" FROM "people"."engine_analyses" WHERE "trigger_event_id" = $1`,
        [completed.event_id],
      );
      return analyses.length === 1 && analyses[0].channel === 'phone' && analyses[0].status === 'done';
    });
    expect(await events(lead.person_id, 'phone_call_completed')).toHaveLength(1);
  });
});
