import { FieldMappingResponse, FormSubmittedV1, LeadEventV1, Topics } from '@pp/contracts';
import { eventually, publishEvents } from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { Consent } from '../src/intake/consent.entity';
import { IntakeService } from '../src/intake/intake.service';
import { Person } from '../src/persons/person.entity';
import { TimelineEvent } from '../src/timeline/timeline-event.entity';
import { IntakeHarness, startIntake } from './intake-harness';

describe('website forms become leads (tracking.forms on real Kafka and PostgreSQL)', () => {
  let h: IntakeHarness;

  beforeAll(async () => {
    h = await startIntake('intake');
  });
  afterAll(async () => {
    await h?.stop();
  });

  const leadsOf = (practiceId: string) =>
    h.dataSource
      .getRepository(Person)
      .find({ where: { practice_id: practiceId }, order: { created_at: 'ASC' } });
  const timeline = (personId: string) =>
    h.dataSource
      .getRepository(TimelineEvent)
      .find({ where: { person_id: personId }, order: { timestamp: 'ASC', event_id: 'ASC' } });
  const submissionsOf = async (
    practiceId: string,
  ): Promise<{ status: string; person_id: string | null; fields: Record<string, string> }[]> =>
    (
      await h.dataSource.query(
        `SELECT "status", "person_id", "fields" FROM "people"."form_submissions"
         WHERE "practice_id" = $1 ORDER BY "created_at"`,
        [practiceId],
      )
    ).map((row: { status: string; person_id: string | null; fields: Record<string, string> }) => row);
  const fieldMapping = async (practiceId: string) => {
    const response = await h
      .http()
      .get(`/api/v1/practices/${practiceId}/field-mapping`)
      .set(await h.caller([practiceId]).headers());
    expect(response.status).toBe(200);
    return response.body as FieldMappingResponse;
  };
  const putMapping = async (practiceId: string, body: unknown, callerPractices = [practiceId]) =>
    h
      .http()
      .put(`/api/v1/practices/${practiceId}/field-mapping`)
      .set(await h.caller(callerPractices).headers())
      .send(body as object);

  it('turns a submission into a new lead with its mapped fields, a form_submission event and lead_created', async () => {
    const practice = randomUUID();
    const event = h.form(practice, {
      'your-name': 'Ana María Ruiz',
      'your-phone': '(214) 555-0134',
      Email: 'Ana.Ruiz@Mail.Example.com',
      service: 'Botox',
      message: 'How much is Botox for forehead lines?',
      how_did_you_hear: 'Instagram',
    });
    await h.submit(event);

    const [lead] = await leadsOf(practice);
    expect(lead).toMatchObject({
      first_name: 'Ana',
      last_name: 'María Ruiz',
      primary_phone: '+12145550134',
      primary_email: 'ana.ruiz@mail.example.com',
      stage: 'Lead',
      is_unseen: true,
      speed_to_lead_seconds: null,
      language: null,
    });
    expect(lead.first_inquiry_at?.toISOString()).toBe(event.received_at);

    const events = await timeline(lead.person_id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event_type: 'form_submission',
      session_id: event.session_id,
      source_identifier: event.tracking_event_id,
      content_data: {
        url: 'https://glow.example/contact',
        title: 'Book a consultation',
        referrer: 'https://www.google.com/',
        form_data: event.fields,
        mapped: {
          full_name: 'Ana María Ruiz',
          phone: '(214) 555-0134',
          email: 'Ana.Ruiz@Mail.Example.com',
          procedure_interest: 'Botox',
          message: 'How much is Botox for forehead lines?',
        },
        additional_info: { how_did_you_hear: 'Instagram' },
        visitor_id: event.visitor_id,
      },
    });
    expect(events[0].timestamp.toISOString()).toBe(event.submitted_at);
    expect(lead.last_activity_at?.toISOString()).toBe(event.submitted_at);

    const broadcasts = await h.outbox(lead.person_id);
    expect(broadcasts.map((b) => b.type)).toEqual(['lead_created']);
    expect((broadcasts[0].payload as unknown as LeadEventV1).timeline_event?.event_type).toBe(
      'form_submission',
    );

    expect(await submissionsOf(practice)).toEqual([
      { status: 'processed', person_id: lead.person_id, fields: event.fields },
    ]);
    expect(h.engine.for(lead.person_id)).toEqual([
      {
        trigger: {
          practice_id: practice,
          person_id: lead.person_id,
          event_id: events[0].event_id,
          channel: 'form',
          received_at: new Date(event.received_at),
        },
        inTransaction: true,
        leadVisible: true,
      },
    ]);

    const response = await h
      .http()
      .get(`/api/v1/people/${lead.person_id}`)
      .set(await h.caller([practice]).headers());
    expect(response.body).toMatchObject({
      first_inquiry_at: event.received_at,
      speed_to_lead_seconds: null,
      language: null,
    });
  });

  it('creates nothing new for a redelivered event or a repeated tracking event id', async () => {
    const practice = randomUUID();
    const event = h.form(practice, { name: 'Priya Raman', phone: '972-555-0188' });
    const sameTrackingId: FormSubmittedV1 = { ...event, event_id: randomUUID() };
    await h.submit(event, event, sameTrackingId);

    const leads = await leadsOf(practice);
    expect(leads).toHaveLength(1);
    expect(await timeline(leads[0].person_id)).toHaveLength(1);
    expect(await submissionsOf(practice)).toHaveLength(1);
    expect(h.engine.for(leads[0].person_id)).toHaveLength(1);
    expect((await h.outbox(leads[0].person_id)).map((b) => b.type)).toEqual(['lead_created']);
  });

  it('keeps nothing of a take-in whose hand-over to the engine failed, and takes the form in once on retry', async () => {
    const practice = randomUUID();
    h.engine.failOnce.add(practice);
    const event = h.form(practice, { name: 'Hannah Novak', phone: '2145550122', referral: 'Yelp' });
    await h.submit(event);

    expect(h.engine.failOnce.has(practice)).toBe(false);
    const leads = await leadsOf(practice);
    expect(leads).toHaveLength(1);
    expect(await timeline(leads[0].person_id)).toHaveLength(1);
    expect(await submissionsOf(practice)).toHaveLength(1);
    expect((await h.outbox(leads[0].person_id)).map((b) => b.type)).toEqual(['lead_created']);
    expect(h.engine.for(leads[0].person_id)).toHaveLength(1);
  });

  it('makes one lead of two forms of a new person sent together (same phone, another e-mail)', async () => {
    const practice = randomUUID();
    // Several people at once, so the intake workers take both forms of each in parallel.
    const people = ['0141', '0142', '0143', '0144'].map((line, i) => [
      h.form(practice, { name: `Person ${i}`, phone: `(214) 555-${line}`, email: `p${i}@mail.example.com` }),
      h.form(practice, { name: `Person ${i}`, phone: `214.555.${line}`, email: `p${i}@work.example.com` }),
    ]);
    await h.submit(...people.flat());

    const leads = await leadsOf(practice);
    expect(leads.map((lead) => lead.primary_phone).sort()).toEqual([
      '+12145550141',
      '+12145550142',
      '+12145550143',
      '+12145550144',
    ]);
    for (const lead of leads) {
      expect(await timeline(lead.person_id)).toHaveLength(2);
      expect((await h.outbox(lead.person_id)).map((b) => b.type)).toEqual(['lead_created', 'lead_updated']);
      expect(h.engine.for(lead.person_id)).toHaveLength(2);
    }
  });

  it('takes a batch of forms in as one at a time would: leads made or completed by earlier forms of the batch count', async () => {
    const practice = randomUUID();
    const other = randomUUID();
    await h.submit(h.form(practice, { name: 'Ines Duarte', email: 'ines@mail.example.com' }));
    const [ines] = await leadsOf(practice);
    // One send: the consumer takes them as one batch, the intake as one take-in job.
    const batch = [
      h.form(practice, { name: 'Ana Ruiz', phone: '(214) 555-0161', email: 'ana@mail.example.com' }),
      // Ines's known lead gets her phone from this form …
      h.form(practice, { name: 'Ines Duarte', email: 'INES@mail.example.com', phone: '214 555 0162' }),
      // … so a form with only that phone is hers.
      h.form(practice, { name: 'I. Duarte', phone: '+1 214-555-0162', message: 'Also the lips?' }),
      h.form(practice, { name: 'Bo Park', email: 'bo@mail.example.com' }),
      // Ana's second form, by e-mail only: the lead the batch's first form made.
      h.form(practice, { name: 'Ana', email: 'Ana@Mail.Example.com', message: 'And financing?' }),
      // Another practice, the same phone: a lead of its own.
      h.form(other, { name: 'Ana Ruiz', phone: '2145550161' }),
    ];
    // Taken in by the batch itself: never one form at a time (its fallback, or a single job).
    const intake = h.service.app.get(IntakeService);
    const batched = jest.spyOn(intake, 'takeInBatch');
    const single = jest.spyOn(intake, 'takeIn');
    // Sent a second apart, as a visitor's forms are: the timeline's order is theirs.
    batch.forEach((form, i) => {
      form.submitted_at = new Date(Date.now() + (i + 1) * 1000).toISOString();
    });
    await h.submit(...batch);
    expect(batched).toHaveBeenCalled();
    expect(single).not.toHaveBeenCalled();
    batched.mockRestore();
    single.mockRestore();

    const leads = await leadsOf(practice);
    expect(leads.map((lead) => [lead.first_name, lead.primary_phone, lead.primary_email])).toEqual([
      ['Ines', '+12145550162', 'ines@mail.example.com'],
      ['Ana', '+12145550161', 'ana@mail.example.com'],
      ['Bo', null, 'bo@mail.example.com'],
    ]);
    const [, ana, bo] = leads;
    expect(leads[0].person_id).toBe(ines.person_id);
    const [otherLead] = await leadsOf(other);
    expect(otherLead).toMatchObject({ primary_phone: '+12145550161' });
    expect(otherLead.person_id).not.toBe(ana.person_id);

    const formsOf = async (personId: string) =>
      (await timeline(personId)).map(
        (event) => (event.content_data.form_data as Record<string, string>).name,
      );
    expect(await formsOf(ana.person_id)).toEqual(['Ana Ruiz', 'Ana']);
    expect(await formsOf(ines.person_id)).toEqual(['Ines Duarte', 'Ines Duarte', 'I. Duarte']);
    expect(await formsOf(bo.person_id)).toEqual(['Bo Park']);
    expect((await h.outbox(ana.person_id)).map((b) => b.type)).toEqual(['lead_created', 'lead_updated']);
    expect((await h.outbox(ines.person_id)).map((b) => b.type)).toEqual([
      'lead_created',
      'lead_updated',
      'lead_updated',
    ]);
    expect((await h.outbox(bo.person_id)).map((b) => b.type)).toEqual(['lead_created']);
    // The announcement of a new lead carries it as written (the database's created_at among it) and its form,
    // with what one made alone carries (Ines's, before the batch).
    const [created] = await h.outbox(bo.person_id);
    expect(created.payload).toMatchObject({
      person_id: bo.person_id,
      person_data: {
        stage: 'Lead',
        primary_email: 'bo@mail.example.com',
        is_unseen: true,
        created_at: bo.created_at.toISOString(),
        last_activity_at: batch[3].submitted_at,
      },
      timeline_event: { event_type: 'form_submission' },
    });
    const [alone] = await h.outbox(ines.person_id);
    expect(Object.keys(created.payload.person_data as object).sort()).toEqual(
      Object.keys(alone.payload.person_data as object).sort(),
    );
    // Every submission names its lead and event; every form reached the engine, in the lead's transaction.
    for (const [practiceId, count] of [
      [practice, 6],
      [other, 1],
    ] as const) {
      const rows = await submissionsOf(practiceId);
      expect(rows).toHaveLength(count);
      expect(rows.every((row) => row.status === 'processed' && row.person_id)).toBe(true);
    }
    expect(h.engine.for(ana.person_id)).toHaveLength(2);
    expect(h.engine.for(ines.person_id)).toHaveLength(3);
    expect(
      h.engine.received
        .filter((r) => r.trigger.practice_id === practice)
        .every((r) => r.inTransaction && r.leadVisible),
    ).toBe(true);
    // Consent from every form that gave a contact: Ana's phone (sms, phone) and e-mail from her first form.
    const consents = await h.dataSource.getRepository(Consent).findBy({ person_id: ana.person_id });
    expect(consents.map((c) => c.channel).sort()).toEqual(['email', 'email', 'phone', 'sms']);
  });

  it('takes the other forms of a batch in when one of them cannot be, and that one once it can', async () => {
    const good = randomUUID();
    const bad = randomUUID();
    h.engine.failing.add(bad);
    try {
      const forms = [
        h.form(bad, { name: 'Stuck Lead', phone: '2145550171' }),
        h.form(good, { name: 'Free Lead', phone: '2145550172' }),
      ];
      await publishEvents(h.service.config.KAFKA_BROKERS, Topics.trackingForms, forms);
      await eventually(async () => (await leadsOf(good)).length === 1, 30_000);
      expect((await submissionsOf(bad)).map((row) => row.status)).toEqual(['received']);
      expect(await leadsOf(bad)).toHaveLength(0);
    } finally {
      h.engine.failing.delete(bad);
    }
    // The job's retry takes it in.
    await eventually(async () => (await leadsOf(bad)).length === 1, 60_000);
    expect((await submissionsOf(bad)).map((row) => row.status)).toEqual(['processed']);
  });

  it('takes in a submission whose take-in job was lost, on the recovery sweep', async () => {
    const practice = randomUUID();
    // A first form discovers (and auto-maps) the practice's fields.
    await h.submit(h.form(practice, { name: 'Ana Ruiz', phone: '2145550151' }));
    const lost = h.form(practice, { name: 'Noah Reyes', phone: '2145550152' });
    // Kept as received a minute ago, and its job never reached Redis.
    const [{ submission_id }] = await h.dataSource.query(
      `INSERT INTO "people"."form_submissions"
         ("practice_id", "tracking_event_id", "fields", "submitted_at", "received_at", "status", "created_at")
       VALUES ($1, $2, $3, $4, $5, 'received', now() - interval '1 minute') RETURNING "submission_id"`,
      [practice, lost.tracking_event_id, lost.fields, lost.submitted_at, lost.received_at],
    );

    expect(await h.intake.sweep()).toBeGreaterThanOrEqual(1);
    await h.intakeIdle();

    const noah = (await leadsOf(practice)).find((lead) => lead.first_name === 'Noah');
    expect(noah).toMatchObject({ last_name: 'Reyes', primary_phone: '+12145550152' });
    expect(await h.submission(practice, lost.tracking_event_id)).toMatchObject({
      submission_id,
      status: 'processed',
      person_id: noah?.person_id,
    });
    expect(h.engine.for(noah!.person_id)).toHaveLength(1);
  });

  it("takes in, with a batch job, the practice's other forms waiting for theirs (the batch grows with the load), and no other practice's", async () => {
    const practice = randomUUID();
    const other = randomUUID();
    await h.submit(h.form(practice, { name: 'Ana Ruiz', phone: '2145550161' }));
    await h.submit(h.form(other, { name: 'Zoe Lind', phone: '2145550166' }));
    // Forms kept as received just now, whose own jobs have not run yet: three of this practice's, one of another.
    const waiting = [
      h.form(practice, { name: 'Noah Reyes', phone: '2145550162' }),
      h.form(other, { name: 'Eva Stone', phone: '2145550165' }),
      h.form(practice, { name: 'Mia Chen', phone: '2145550163' }),
      h.form(practice, { name: 'Leo Park', phone: '2145550164' }),
    ];
    const ids: string[] = [];
    for (const form of waiting) {
      const [{ submission_id }] = await h.dataSource.query(
        `INSERT INTO "people"."form_submissions"
           ("practice_id", "tracking_event_id", "fields", "submitted_at", "received_at", "status")
         VALUES ($1, $2, $3, $4, $5, 'received') RETURNING "submission_id"`,
        [form.practice_id, form.tracking_event_id, form.fields, form.submitted_at, form.received_at],
      );
      ids.push(submission_id);
    }

    // The first one's batch job takes in the practice's other two as well, in the order they came.
    await h.intake.addBatches([ids[0]]);
    await h.intakeIdle();

    expect((await submissionsOf(practice)).map((row) => row.status)).toEqual([
      'processed',
      'processed',
      'processed',
      'processed',
    ]);
    expect((await leadsOf(practice)).map((lead) => lead.first_name)).toEqual(['Ana', 'Noah', 'Mia', 'Leo']);
    // The other practice's form waits for its own job.
    expect((await submissionsOf(other)).map((row) => row.status)).toEqual(['processed', 'received']);
    expect((await leadsOf(other)).map((lead) => lead.first_name)).toEqual(['Zoe']);
    await h.intake.addBatches([ids[1]]);
    await h.intakeIdle();
    expect((await leadsOf(other)).map((lead) => lead.first_name)).toEqual(['Zoe', 'Eva']);
  });

  it('changes nothing when the take-in job of a form taken in already is added again', async () => {
    const practice = randomUUID();
    const event = h.form(practice, { name: 'Grace Okafor', phone: '2145550153' });
    await h.submit(event);
    const before = await h.submission(practice, event.tracking_event_id);

    await h.intake.add(before!.submission_id);
    await h.intakeIdle();

    const leads = await leadsOf(practice);
    expect(leads).toHaveLength(1);
    expect(await timeline(leads[0].person_id)).toHaveLength(1);
    expect((await h.outbox(leads[0].person_id)).map((b) => b.type)).toEqual(['lead_created']);
    expect(h.engine.for(leads[0].person_id)).toHaveLength(1);
    expect(await h.submission(practice, event.tracking_event_id)).toEqual(before);
  });

  it('skips a payload that is no form submission and goes on with the next', async () => {
    const practice = randomUUID();
    await publishEvents(h.service.config.KAFKA_BROKERS, Topics.trackingForms, [
      { v: 1, event_id: 'not-a-uuid', practice_id: practice, occurred_at: '', type: 'form_submitted' },
    ]);
    await h.submit(h.form(practice, { name: 'Noah Reyes', email: 'noah@mail.example.com' }));
    expect(await leadsOf(practice)).toHaveLength(1);
  });

  it('finds the lead again by its phone in another format, fills what it lacked and never overwrites', async () => {
    const practice = randomUUID();
    await h.submit(h.form(practice, { name: 'Daniel', phone: '(469) 555-0101', message: 'Invisalign?' }));
    const [lead] = await leadsOf(practice);
    expect(lead).toMatchObject({ first_name: 'Daniel', last_name: null, primary_email: null });

    const later = new Date(Date.now() + 60_000).toISOString();
    const again = h.form(
      practice,
      {
        first_name: 'Dan',
        last_name: 'Okafor',
        tel: '+1 469.555.0101',
        email: 'dan.okafor@mail.example.com',
      },
      { submitted_at: later, received_at: later },
    );
    await h.submit(again);

    const leads = await leadsOf(practice);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      person_id: lead.person_id,
      first_name: 'Daniel',
      last_name: 'Okafor',
      primary_phone: '+14695550101',
      primary_email: 'dan.okafor@mail.example.com',
      is_unseen: true,
    });
    expect(leads[0].first_inquiry_at?.getTime()).toBe(lead.first_inquiry_at?.getTime());
    expect(leads[0].last_activity_at?.toISOString()).toBe(again.submitted_at);
    expect((await timeline(lead.person_id)).map((e) => e.event_type)).toEqual([
      'form_submission',
      'form_submission',
    ]);
    expect((await h.outbox(lead.person_id)).map((b) => b.type)).toEqual(['lead_created', 'lead_updated']);
    expect(h.engine.for(lead.person_id)).toHaveLength(2);
  });

  it('finds the lead again by its e-mail whatever its case, and marks a seen lead unseen', async () => {
    const practice = randomUUID();
    await h.submit(h.form(practice, { name: 'Grace Chen', email: 'Grace.Chen@Mail.Example.com' }));
    const [lead] = await leadsOf(practice);
    await h.dataSource.getRepository(Person).update({ person_id: lead.person_id }, { is_unseen: false });

    await h.submit(h.form(practice, { name: 'G. Chen', email: 'GRACE.CHEN@mail.example.com' }));
    const leads = await leadsOf(practice);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ first_name: 'Grace', last_name: 'Chen', is_unseen: true });
  });

  it("keeps another practice's lead with the same phone apart", async () => {
    const first = randomUUID();
    const second = randomUUID();
    await h.submit(
      h.form(first, { name: 'Noah Tanaka', phone: '2145550177' }),
      h.form(second, { name: 'Noah Tanaka', phone: '2145550177' }),
    );
    const [a] = await leadsOf(first);
    const [b] = await leadsOf(second);
    expect(a.primary_phone).toBe('+12145550177');
    expect(b.primary_phone).toBe('+12145550177');
    expect(a.person_id).not.toBe(b.person_id);
  });

  it('keeps an unmapped field as additional info and lists it with examples until staff map it', async () => {
    const practice = randomUUID();
    await h.submit(
      h.form(practice, { name: 'Olivia Reyes', email: 'olivia@mail.example.com', referral_code: 'SPRING24' }),
      h.form(practice, { name: 'Maria Santos', email: 'maria@mail.example.com', referral_code: 'FRIEND10' }),
    );
    // The two are taken in in parallel: Olivia's lead is found by her address, not by which was made first.
    const lead = (await leadsOf(practice)).find((l) => l.primary_email === 'olivia@mail.example.com');
    const [event] = await timeline(lead!.person_id);
    expect(event.content_data.additional_info).toEqual({ referral_code: 'SPRING24' });

    const mapping = await fieldMapping(practice);
    expect(mapping.discovered_fields).toEqual(
      expect.arrayContaining([
        { name: 'referral_code', examples: ['FRIEND10', 'SPRING24'] },
        { name: 'name', examples: ['Maria Santos', 'Olivia Reyes'] },
      ]),
    );
    expect(mapping.current_mappings).toMatchObject({ name: 'full_name', email: 'email' });
    expect(mapping.current_mappings).not.toHaveProperty('referral_code');
  });

  it('uses a mapping staff saved for the next submissions', async () => {
    const practice = randomUUID();
    const before = h.form(practice, { 'your-name': 'Hannah Lindqvist', 'contact-number': '(214) 555-0190' });
    await h.submit(before);
    // "contact-number" is no common name: unmapped, so the form had no phone and made no lead.
    expect(await leadsOf(practice)).toEqual([]);
    expect((await submissionsOf(practice)).map((s) => s.status)).toEqual(['no_contact']);

    const current = (await fieldMapping(practice)).current_mappings;
    const saved = await putMapping(practice, {
      ...current,
      'contact-number': 'phone',
      'your-name': 'first_name',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ok: true });
    expect((await fieldMapping(practice)).current_mappings).toMatchObject({
      'contact-number': 'phone',
      'your-name': 'first_name',
    });

    await h.submit(h.form(practice, { 'your-name': 'Hannah', 'contact-number': '(214) 555-0190' }));
    const [lead] = await leadsOf(practice);
    expect(lead).toMatchObject({ first_name: 'Hannah', last_name: null, primary_phone: '+12145550190' });
  });

  it('lets staff map a field before it is ever submitted, and auto-mapping leaves that mapping alone', async () => {
    const practice = randomUUID();
    expect((await putMapping(practice, { phone: 'ignore', 'callback-number': 'phone' })).status).toBe(200);
    await h.submit(
      h.form(practice, { name: 'Mateo Novak', phone: 'office line', 'callback-number': '214-555-0155' }),
    );
    const [lead] = await leadsOf(practice);
    expect(lead.primary_phone).toBe('+12145550155');
    expect((await fieldMapping(practice)).current_mappings).toMatchObject({
      phone: 'ignore',
      'callback-number': 'phone',
      name: 'full_name',
    });
  });

  it('keeps a submission with neither phone nor e-mail, and an invalid phone only as additional info', async () => {
    const practice = randomUUID();
    const event = h.form(practice, {
      name: 'Sofia Marquez',
      phone: '555-01',
      email: 'sofia@',
      message: 'Hi',
    });
    await h.submit(event);
    expect(await leadsOf(practice)).toEqual([]);
    expect(await submissionsOf(practice)).toEqual([
      { status: 'no_contact', person_id: null, fields: event.fields },
    ]);
    expect(h.engine.received.filter((entry) => entry.trigger.practice_id === practice)).toEqual([]);

    await h.submit(
      h.form(practice, { name: 'Sofia Marquez', phone: '555-01', email: 'sofia@mail.example.com' }),
    );
    const [lead] = await leadsOf(practice);
    expect(lead.primary_phone).toBeNull();
    const [form] = await timeline(lead.person_id);
    expect(form.content_data.additional_info).toEqual({ phone: '555-01' });
    expect(form.content_data.mapped).toEqual({ full_name: 'Sofia Marquez', email: 'sofia@mail.example.com' });
  });

  describe('Location-Based Lead Filtering', () => {
    const locations = [
      { name: 'Uptown Clinic', address: '2100 McKinney Ave, Dallas, TX 75201' },
      { name: 'Frisco', address: '5000 Legacy Dr, Frisco, TX 75034' },
      { name: 'Houston Galleria', address: '5085 Westheimer Rd, Houston, TX 77056', is_active: false },
    ];

    it('keeps a form naming no active location without making a lead, when the practice filters', async () => {
      const practice = randomUUID();
      await h.practice(practice, { enabled: true, enforce_location_filtering: true }, locations);
      const outside = h.form(practice, {
        name: 'Jessica Kowalski',
        phone: '2145550161',
        location: 'Houston',
      });
      const byName = h.form(practice, { name: 'Ana Ruiz', phone: '2145550162', location: 'uptown clinic' });
      const byCity = h.form(practice, {
        name: 'Noah Chen',
        phone: '2145550163',
        preferred_location: 'Frisco, TX',
      });
      const none = h.form(practice, { name: 'Grace Reyes', phone: '2145550164' });
      await h.submit(outside, byName, byCity, none);

      const statuses = (await submissionsOf(practice)).map((s) => [s.fields.name, s.status]);
      expect(statuses).toEqual([
        ['Jessica Kowalski', 'filtered'],
        ['Ana Ruiz', 'processed'],
        ['Noah Chen', 'processed'],
        ['Grace Reyes', 'processed'],
      ]);
      expect((await leadsOf(practice)).map((lead) => lead.first_name).sort()).toEqual([
        'Ana',
        'Grace',
        'Noah',
      ]);
    });

    it('makes a lead of any location when the practice does not filter', async () => {
      const practice = randomUUID();
      await h.practice(practice, { enabled: true, enforce_location_filtering: false }, locations);
      await h.submit(
        h.form(practice, { name: 'Jessica Kowalski', phone: '2145550171', location: 'Houston' }),
      );
      expect(await leadsOf(practice)).toHaveLength(1);
    });
  });

  describe('consent', () => {
    const consentsOf = (personId: string) =>
      h.dataSource.getRepository(Consent).find({ where: { person_id: personId }, order: { channel: 'ASC' } });

    it("records sms, phone and email consent with the form's consent field, page, time, IP and browser", async () => {
      const practice = randomUUID();
      const event = h.form(practice, {
        name: 'Priya Raman',
        phone: '2145550181',
        email: 'priya@mail.example.com',
        'I agree to receive texts and calls about my inquiry': 'yes',
      });
      await h.submit(event);
      const [lead] = await leadsOf(practice);
      const consents = await consentsOf(lead.person_id);
      expect(consents.map((c) => c.channel)).toEqual(['email', 'phone', 'sms']);
      for (const consent of consents) {
        expect(consent).toMatchObject({
          practice_id: practice,
          source: 'website_form',
          page_url: 'https://glow.example/contact',
          consent_text: 'I agree to receive texts and calls about my inquiry: yes',
          ip: '203.0.113.9',
          user_agent: event.user_agent,
        });
        expect(consent.given_at.toISOString()).toBe(event.received_at);
      }
    });

    it('records a refusal for texts and calls when the consent field says no, and the e-mail as given by the form', async () => {
      const practice = randomUUID();
      await h.submit(
        h.form(practice, {
          name: 'Ravi Shah',
          phone: '2145550177',
          email: 'ravi@mail.example.com',
          'I agree to receive texts and calls': 'no',
        }),
      );
      const [lead] = await leadsOf(practice);
      const consents = await consentsOf(lead.person_id);
      expect(consents.map((c) => [c.channel, c.granted, c.consent_text, c.withdrawn_at])).toEqual([
        ['email', true, 'Submitted the form "Book a consultation" asking to be contacted', null],
        ['phone', false, 'I agree to receive texts and calls: no', null],
        ['sms', false, 'I agree to receive texts and calls: no', null],
      ]);
    });

    it('names the form as the consent when it has no consent field; only email for an address alone', async () => {
      const practice = randomUUID();
      await h.submit(h.form(practice, { name: 'Olivia Tanaka', email: 'olivia.t@mail.example.com' }));
      const [lead] = await leadsOf(practice);
      const consents = await consentsOf(lead.person_id);
      expect(consents.map((c) => [c.channel, c.consent_text])).toEqual([
        ['email', 'Submitted the form "Book a consultation" asking to be contacted'],
      ]);
    });
  });

  describe('the field mapping API', () => {
    it("answers 404 'Practice not found' for a practice not the caller's", async () => {
      const practice = randomUUID();
      const outsider = randomUUID();
      const get = await h
        .http()
        .get(`/api/v1/practices/${practice}/field-mapping`)
        .set(await h.caller([outsider]).headers());
      expect(get.status).toBe(404);
      expect(get.body).toEqual({ detail: 'Practice not found' });
      const put = await putMapping(practice, { phone: 'phone' }, [outsider]);
      expect(put.status).toBe(404);
      expect(put.body).toEqual({ detail: 'Practice not found' });
    });

    it('answers an empty mapping for a practice without submissions', async () => {
      expect(await fieldMapping(randomUUID())).toEqual({ discovered_fields: [], current_mappings: {} });
    });

    it('refuses an unknown target, a name over 200 characters and more than 500 entries, changing nothing', async () => {
      const practice = randomUUID();
      expect((await putMapping(practice, { phone: 'phone' })).status).toBe(200);

      const unknown = await putMapping(practice, { phone: 'mobile_number' });
      expect(unknown.status).toBe(422);
      expect(unknown.body).toEqual({ detail: 'Unknown mapping target for "phone"' });
      const long = await putMapping(practice, { ['f'.repeat(201)]: 'phone' });
      expect(long.status).toBe(422);
      const many = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`field_${i}`, 'ignore']));
      expect((await putMapping(practice, many)).status).toBe(422);
      expect((await putMapping(practice, ['phone'])).status).toBe(422);

      expect((await fieldMapping(practice)).current_mappings).toEqual({ phone: 'phone' });
    });

    it('replaces the whole mapping: a field left out is unmapped', async () => {
      const practice = randomUUID();
      expect((await putMapping(practice, { phone: 'phone', notes: 'message' })).status).toBe(200);
      expect((await putMapping(practice, { notes: 'additional_info' })).status).toBe(200);
      expect((await fieldMapping(practice)).current_mappings).toEqual({ notes: 'additional_info' });
    });
  });
});
