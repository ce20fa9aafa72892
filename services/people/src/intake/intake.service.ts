import { Injectable, Logger } from '@nestjs/common';
import type { FormSubmittedV1 } from '@pp/contracts';
import { Inbox, PracticeReadModel } from '@pp/platform';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager, In } from 'typeorm';
import { EngineTrigger, InquiryTrigger } from '../engine/engine-trigger';
import { FieldMappingService } from '../field-mapping/field-mapping.service';
import { Person } from '../persons/person.entity';
import { LeadActivity, writeTimelineEvent, writeTimelineEvents } from '../timeline/lead-activity';
import { TimelineEvent } from '../timeline/timeline-event.entity';
import { eventText, eventTime, formFields, isFormSubmittedEvent } from './form-event';
import { FormSubmission, FormSubmissionStatus } from './form-submission.entity';
import { INTAKE_GRACE_SECONDS, IntakeQueue, TAKE_IN_BATCH_SIZE } from './intake-queue';
import {
  cityOfAddress,
  consentAnswers,
  contactLockKeys,
  matchesLocation,
  ReadSubmission,
  readSubmission,
} from './submission-rules';

/** The inbox name of this consumer: an event id is taken in once. */
export const FORMS_CONSUMER = 'people.forms';

/** The timeline event of a submission. */
export const FORM_SUBMISSION_EVENT = 'form_submission';

/** Consent rows' source. */
export const WEBSITE_FORM_SOURCE = 'website_form';

/**
 * Website forms become leads (docs/product/ai-engine.md#intake-forms-field-mapping-consent), in two steps so a
 * burst of forms is taken in in parallel: `receive` (the tracking.forms consumer, one form at a time per
 * partition) keeps the submission as `received`, discovers its fields and enqueues a take-in job after commit;
 * `takeIn` (the intake queue's workers) maps it, finds the lead (phone, then e-mail, within the practice) or
 * creates it, puts the form on its timeline, records consent and hands the lead to the engine, in one
 * transaction.
 */
@Injectable()
export class IntakeService {
  private readonly logger = new Logger(IntakeService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly inbox: Inbox,
    private readonly activity: LeadActivity,
    private readonly fieldMapping: FieldMappingService,
    private readonly practices: PracticeReadModel,
    private readonly engine: EngineTrigger,
    private readonly queue: IntakeQueue,
  ) {}

  /** Takes in one tracking.forms event; false when skipped (not a form, or already taken in). */
  async apply(event: unknown): Promise<boolean> {
    return (await this.applyBatch([event])) > 0;
  }

  /**
   * Takes in a batch of tracking.forms events in one transaction (the consumer's fetched batch): those that are
   * not form submissions are skipped with a warning, those taken in already (inbox) are left alone. Returns how
   * many were kept.
   */
  async applyBatch(events: readonly unknown[]): Promise<number> {
    const forms = events.filter((event): event is FormSubmittedV1 => {
      if (isFormSubmittedEvent(event)) return true;
      const id = (event as { event_id?: unknown } | null)?.event_id;
      this.logger.warn(`tracking.forms: skipping an event that is not a form submission (${String(id)})`);
      return false;
    });
    if (forms.length === 0) return 0;
    const handled = await this.inbox.onceEach(FORMS_CONSUMER, forms, (manager, fresh) =>
      this.receive(manager, fresh),
    );
    return handled.length;
  }

  /**
   * Keeps the submissions as `received` (a repeated tracking event id keeps nothing new) with one insert, and
   * discovers their fields here, where a partition's forms come one batch at a time: the practice's form_fields
   * rows locked by discovery are never fought over by the workers. The take-in jobs are added after commit; the
   * sweep re-adds a lost one.
   */
  private async receive(manager: EntityManager, events: readonly FormSubmittedV1[]): Promise<void> {
    const now = new Date();
    const rows = events.map((event) => {
      const receivedAt = eventTime(event.received_at, now);
      return {
        practice_id: event.practice_id,
        tracking_event_id: event.tracking_event_id,
        visitor_id: eventText(event.visitor_id),
        session_id: eventText(event.session_id),
        url: eventText(event.url),
        title: eventText(event.title),
        referrer: eventText(event.referrer),
        fields: formFields(event.fields),
        ip: eventText(event.ip),
        user_agent: eventText(event.user_agent),
        submitted_at: eventTime(event.submitted_at, receivedAt),
        received_at: receivedAt,
        status: 'received' as const,
      };
    });
    // One plain statement (TypeORM's multi-row insert built its parameters at about 0.1 ms a row, the largest
    // part of its cost in a burst). created_at per row, so it keeps the batch's order (the sweep and the timeline
    // of submissions read it).
    const kept: { submission_id: string; practice_id: string; tracking_event_id: string }[] =
      await manager.query(
        `INSERT INTO "people"."form_submissions" ("practice_id", "tracking_event_id", "visitor_id", "session_id",
           "url", "title", "referrer", "fields", "ip", "user_agent", "submitted_at", "received_at", "status",
           "created_at")
         SELECT r."practice_id", r."tracking_event_id", r."visitor_id", r."session_id", r."url", r."title",
           r."referrer", r."fields", r."ip", r."user_agent", r."submitted_at", r."received_at", r."status",
           clock_timestamp()
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
           $8::jsonb[], $9::text[], $10::text[], $11::timestamptz[], $12::timestamptz[], $13::text[])
           AS r("practice_id", "tracking_event_id", "visitor_id", "session_id", "url", "title", "referrer",
             "fields", "ip", "user_agent", "submitted_at", "received_at", "status")
         ON CONFLICT DO NOTHING
         RETURNING "submission_id", "practice_id", "tracking_event_id"`,
        [
          rows.map((row) => row.practice_id),
          rows.map((row) => row.tracking_event_id),
          rows.map((row) => row.visitor_id),
          rows.map((row) => row.session_id),
          rows.map((row) => row.url),
          rows.map((row) => row.title),
          rows.map((row) => row.referrer),
          rows.map((row) => JSON.stringify(row.fields)),
          rows.map((row) => row.ip),
          rows.map((row) => row.user_agent),
          rows.map((row) => row.submitted_at),
          rows.map((row) => row.received_at),
          rows.map((row) => row.status),
        ],
      );
    if (kept.length === 0) return;
    const keyOf = (row: { practice_id: string; tracking_event_id: string }) =>
      `${row.practice_id.toLowerCase()}\u0000${row.tracking_event_id}`;
    const keptKeys = new Set(kept.map(keyOf));
    // Each practice's new submissions, in the batch's order (an event repeated in the batch counts once).
    const byPractice = new Map<string, { fields: Record<string, string>; at: Date }[]>();
    for (const row of rows) {
      if (!keptKeys.delete(keyOf(row))) continue;
      const list = byPractice.get(row.practice_id) ?? [];
      list.push({ fields: row.fields, at: row.received_at });
      byPractice.set(row.practice_id, list);
    }
    for (const [practiceId, submissions] of [...byPractice].sort(([a], [b]) => a.localeCompare(b))) {
      await this.fieldMapping.discoverMany(manager, practiceId, submissions);
    }
    this.queue.takeInAfterCommit(
      manager,
      kept.map((row) => row.submission_id),
    );
  }

  /**
   * Takes in a `received` submission (the intake queue's job); a submission taken in already is left alone, so
   * a repeated or re-added job changes nothing. A failure rolls everything back and the job is retried.
   */
  async takeIn(submissionId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const submission = await manager.findOne(FormSubmission, {
        where: { submission_id: submissionId },
        lock: { mode: 'pessimistic_write' },
      });
      if (submission?.status !== 'received') return;
      await this.takeInLocked(manager, submission);
    });
  }

  private async takeInLocked(manager: EntityManager, submission: FormSubmission): Promise<void> {
    const practiceId = submission.practice_id;
    const read = readSubmission(submission.fields, await this.fieldMapping.mappings(manager, practiceId));
    if (!(await this.keepsProcessed(manager, submission, read))) return;

    await lockContacts(manager, practiceId, read);
    const { person, created } = await this.upsertPerson(manager, practiceId, read, {
      receivedAt: submission.received_at,
      submittedAt: submission.submitted_at,
    });
    const input = formEventInput(submission, read);
    let timelineEvent: TimelineEvent;
    if (created) {
      timelineEvent = await writeTimelineEvent(manager, person, input);
      await this.activity.announce(manager, person, 'lead_created', timelineEvent);
    } else {
      timelineEvent = await this.activity.append(manager, person, input, { markUnseen: true });
    }
    await manager.update(
      FormSubmission,
      { submission_id: submission.submission_id },
      { status: 'processed', person_id: person.person_id, event_id: timelineEvent.event_id },
    );
    await insertConsents(manager, consentRows(person, submission, read));
    await this.engine.inquiryReceived(manager, inquiryOf(submission, person, timelineEvent));
  }

  /**
   * Takes in several `received` submissions in one transaction (the take-in job of a consumer batch, docs/decisions/0032-speed-to-lead-under-a-burst.md):
   * as `takeIn` one after the other would — the same mapping, filtering, lead matching (phone, then e-mail, the
   * oldest; a lead made or completed by an earlier form of the batch counts), timeline, consent and engine work —
   * with a statement for the batch where `takeIn` takes one per form. Submissions taken in already are skipped.
   */
  async takeInBatch(submissionIds: readonly string[]): Promise<void> {
    if (submissionIds.length === 0) return;
    await this.dataSource.transaction(async (manager) => {
      const own = await manager.find(FormSubmission, {
        where: { submission_id: In([...submissionIds]), status: 'received' },
        order: { created_at: 'ASC', submission_id: 'ASC' },
        lock: { mode: 'pessimistic_write' },
      });
      const filled = await waitingBesides(manager, own);
      // In the order they came, as PostgreSQL orders created_at (to the microsecond: the consumer's forms of one
      // fetch are often within one millisecond, where a JavaScript Date would tie them).
      const submissions =
        filled.length === 0
          ? own
          : await manager.find(FormSubmission, {
              where: { submission_id: In([...own.map((submission) => submission.submission_id), ...filled]) },
              order: { created_at: 'ASC', submission_id: 'ASC' },
            });
      const mappings = new Map<string, Awaited<ReturnType<FieldMappingService['mappings']>>>();
      const kept: { submission: FormSubmission; read: ReadSubmission }[] = [];
      for (const submission of submissions) {
        const practiceId = submission.practice_id;
        let mapping = mappings.get(practiceId);
        if (!mapping)
          mappings.set(practiceId, (mapping = await this.fieldMapping.mappings(manager, practiceId)));
        const read = readSubmission(submission.fields, mapping);
        if (await this.keepsProcessed(manager, submission, read)) kept.push({ submission, read });
      }
      if (kept.length === 0) return;
      await lockContactsOf(
        manager,
        kept.map(({ submission, read }) => contactLockKeys(submission.practice_id, read)).flat(),
      );
      const leads = new BatchLeads(await lockLeadsOf(manager, kept));
      const made: { submission: FormSubmission; read: ReadSubmission; person: Person; created: boolean }[] =
        [];
      for (const { submission, read } of kept) {
        const found = leads.match(submission.practice_id, read.phone, read.email);
        if (found) {
          leads.fill(found, fillOf(found, read, submission.received_at));
          made.push({ submission, read, person: found, created: false });
        } else {
          made.push({
            submission,
            read,
            person: leads.add(newLead(manager, submission, read)),
            created: true,
          });
        }
      }
      await leads.write(manager);
      const createdEvents = await writeTimelineEvents(
        manager,
        made
          .filter((m) => m.created)
          .map((m) => ({ person: m.person, input: formEventInput(m.submission, m.read) })),
      );
      const events = new Map<string, TimelineEvent>();
      const created = made.filter((m) => m.created);
      created.forEach((m, i) => events.set(m.submission.submission_id, createdEvents[i]));
      await this.activity.announceCreated(
        manager,
        created.map((m, i) => ({ person: m.person, event: createdEvents[i] })),
      );
      // A form of a lead that exists (or that an earlier form of the batch made): as one at a time, after it.
      for (const m of made.filter((m) => !m.created)) {
        const input = formEventInput(m.submission, m.read);
        events.set(
          m.submission.submission_id,
          await this.activity.append(manager, m.person, input, { markUnseen: true }),
        );
      }
      await manager.query(
        `UPDATE "people"."form_submissions" AS s
         SET "status" = 'processed', "person_id" = v."person_id", "event_id" = v."event_id"
         FROM unnest($1::uuid[], $2::uuid[], $3::uuid[]) AS v("submission_id", "person_id", "event_id")
         WHERE s."submission_id" = v."submission_id"`,
        [
          made.map((m) => m.submission.submission_id),
          made.map((m) => m.person.person_id),
          made.map((m) => events.get(m.submission.submission_id)?.event_id),
        ],
      );
      await insertConsents(
        manager,
        made.flatMap((m) => consentRows(m.person, m.submission, m.read)),
      );
      await this.engine.inquiriesReceived(
        manager,
        made.map((m) =>
          inquiryOf(m.submission, m.person, events.get(m.submission.submission_id) as TimelineEvent),
        ),
      );
    });
  }

  /** Keeps a submission that is not taken in as a lead (filtered, no contact) as such; true when it is one. */
  private async keepsProcessed(
    manager: EntityManager,
    submission: FormSubmission,
    read: ReadSubmission,
  ): Promise<boolean> {
    const status = await this.statusOf(manager, submission.practice_id, read);
    if (status === 'processed') return true;
    await manager.update(FormSubmission, { submission_id: submission.submission_id }, { status });
    this.logger.log(
      `form ${submission.submission_id} of practice ${submission.practice_id} kept as ${status}`,
    );
    return false;
  }

  /**
   * filtered: the practice filters leads by location and the visitor chose a place that is none of its active
   * locations; no_contact: neither a valid phone nor a valid e-mail; else processed.
   */
  private async statusOf(
    manager: EntityManager,
    practiceId: string,
    read: ReadSubmission,
  ): Promise<FormSubmissionStatus> {
    if (await this.outsideLocations(manager, practiceId, read.mapped.location_preference)) return 'filtered';
    if (!read.phone && !read.email) return 'no_contact';
    return 'processed';
  }

  /** Location-Based Lead Filtering (docs/product/ai-engine.md#intake-forms-field-mapping-consent). */
  private async outsideLocations(
    manager: EntityManager,
    practiceId: string,
    preference: string | undefined,
  ): Promise<boolean> {
    if (!preference) return false;
    // On the transaction's connection: a worker holding one never waits for a second from the pool.
    const practice = await this.practices.practice(practiceId, manager);
    if (practice?.outreach_preferences?.enforce_location_filtering !== true) return false;
    const active = (await this.practices.locations(practiceId, manager)).filter(
      (location) => location.is_active,
    );
    // With no active location known there is nothing to match against: the lead is kept.
    if (active.length === 0) return false;
    return !matchesLocation(
      preference,
      active.map((location) => ({ name: location.name, city: cityOfAddress(location.address) })),
    );
  }

  /**
   * The practice's lead with the submission's phone (E.164), else with its e-mail (lower-cased), locked; its
   * missing names, phone and e-mail filled from the form (never overwritten). Else a new lead.
   */
  private async upsertPerson(
    manager: EntityManager,
    practiceId: string,
    read: ReadSubmission,
    at: { receivedAt: Date; submittedAt: Date },
  ): Promise<{ person: Person; created: boolean }> {
    const { receivedAt, submittedAt } = at;
    const existing = await this.lockLead(manager, practiceId, read.phone, read.email);
    if (!existing) {
      const person = await manager.save(
        newLeadFields(manager, practiceId, read, { receivedAt, submittedAt }),
      );
      return { person, created: true };
    }
    const fill = fillOf(existing, read, receivedAt);
    if (Object.keys(fill).length > 0) {
      await manager.update(Person, { person_id: existing.person_id }, fill);
      Object.assign(existing, fill);
    }
    return { person: existing, created: false };
  }

  /**
   * The lead with the phone, else the one with the e-mail (the oldest, should staff have created two), locked;
   * one statement finds and locks it, a second reads it only when there is one.
   */
  private async lockLead(
    manager: EntityManager,
    practiceId: string,
    phone: string | null | undefined,
    email: string | null | undefined,
  ): Promise<Person | null> {
    if (!phone && !email) return null;
    const [match]: { person_id: string }[] = await manager.query(
      `SELECT "person_id" FROM "people"."persons"
       WHERE "practice_id" = $1 AND ("primary_phone" = $2 OR "primary_email" = $3)
       ORDER BY CASE WHEN "primary_phone" = $2 THEN 0 ELSE 1 END, "created_at", "person_id"
       LIMIT 1 FOR UPDATE`,
      [practiceId, phone ?? null, email ?? null],
    );
    return match ? manager.findOneBy(Person, { person_id: match.person_id }) : null;
  }
}

/**
 * Transaction-scoped locks on the submission's contact keys (practice + phone, practice + e-mail), taken in one
 * order by every worker: two forms of one person wait for each other (one lead, never two) and never deadlock.
 */
function lockContacts(manager: EntityManager, practiceId: string, read: ReadSubmission): Promise<void> {
  return lockContactsOf(manager, contactLockKeys(practiceId, read));
}

/** The same for every contact key of a batch, in the same one order (so a batch and a single form never deadlock). */
async function lockContactsOf(manager: EntityManager, keys: readonly string[]): Promise<void> {
  await manager.query(
    `SELECT pg_advisory_xact_lock("key") FROM (
       SELECT DISTINCT hashtextextended("name", 0) AS "key" FROM unnest($1::text[]) AS "name" ORDER BY 1
     ) AS "keys"`,
    [keys],
  );
}

/**
 * The ids of the oldest other submissions of the batch's practices still `received` that no other take-in holds,
 * locked, to fill the batch up to TAKE_IN_BATCH_SIZE (docs/decisions/0032-speed-to-lead-under-a-burst.md). A job's
 * forms are those of one fetch of the consumer's, which keeps up with a burst when it has a core of its own (two or
 * three forms a fetch, when people's queues run in a process of their own): taking in what else of the same
 * practices waits makes the batch, and the engine's batches after it, grow with the load whatever the processes'
 * layout. Only the same practices: their forms come through one partition, in order, and another practice's forms
 * are left to their own jobs. Their own jobs, when they run, find them taken in. One older than the sweep's grace
 * period is the sweep's: a form whose take-in keeps failing fails its own job, not every batch after it.
 */
async function waitingBesides(manager: EntityManager, own: readonly FormSubmission[]): Promise<string[]> {
  const room = TAKE_IN_BATCH_SIZE - own.length;
  if (room <= 0 || own.length === 0) return [];
  const rows: { submission_id: string }[] = await manager.query(
    `SELECT "submission_id" FROM "people"."form_submissions"
     WHERE "practice_id" = ANY($1::uuid[]) AND "status" = 'received'
       AND "created_at" > now() - make_interval(secs => $4)
       AND NOT ("submission_id" = ANY($2::uuid[]))
     ORDER BY "created_at" LIMIT $3 FOR UPDATE SKIP LOCKED`,
    [
      [...new Set(own.map((submission) => submission.practice_id))],
      own.map((submission) => submission.submission_id),
      room,
      INTAKE_GRACE_SECONDS,
    ],
  );
  return rows.map((row) => row.submission_id);
}

/**
 * Every lead of the batch's practices with one of its phones or e-mails, locked in id order (the contact locks
 * are held: no other intake makes or changes one meanwhile). Two statements for the batch: the ids, two index
 * lookups per form (the phone's and the e-mail's; with an OR between them PostgreSQL joins the batch to a
 * sequential scan of every practice's leads), then the rows.
 */
async function lockLeadsOf(
  manager: EntityManager,
  forms: readonly { submission: FormSubmission; read: ReadSubmission }[],
): Promise<Person[]> {
  const ids: { person_id: string }[] = await manager.query(
    `SELECT DISTINCT m."person_id" FROM unnest($1::uuid[], $2::text[], $3::text[]) AS k("practice_id", "phone", "email")
     CROSS JOIN LATERAL (
       SELECT p."person_id" FROM "people"."persons" p
       WHERE p."practice_id" = k."practice_id" AND p."primary_phone" = k."phone"
       UNION ALL
       SELECT p."person_id" FROM "people"."persons" p
       WHERE p."practice_id" = k."practice_id" AND p."primary_email" = k."email"
     ) AS m`,
    [
      forms.map(({ submission }) => submission.practice_id),
      forms.map(({ read }) => read.phone),
      forms.map(({ read }) => read.email),
    ],
  );
  if (ids.length === 0) return [];
  return manager.find(Person, {
    where: { person_id: In(ids.map((row) => row.person_id)) },
    order: { person_id: 'ASC' },
    lock: { mode: 'pessimistic_write' },
  });
}

/**
 * The leads a batch of forms may match: those that exist and those its earlier forms made, each with the phone
 * and e-mail it has by then. `match` is `IntakeService.lockLead`'s rule: a lead with the phone, else one with the
 * e-mail; the oldest first.
 */
class BatchLeads {
  private readonly made: Person[] = [];
  private readonly filled = new Map<string, LeadFill>();

  constructor(private readonly known: Person[]) {}

  match(practiceId: string, phone: string | null, email: string | null): Person | null {
    const byPhone = (p: Person) => Boolean(phone) && p.primary_phone === phone;
    const hits = this.known.filter(
      (p) => p.practice_id === practiceId && (byPhone(p) || (Boolean(email) && p.primary_email === email)),
    );
    hits.sort(
      (a, b) =>
        Number(!byPhone(a)) - Number(!byPhone(b)) ||
        this.order(a) - this.order(b) ||
        a.person_id.localeCompare(b.person_id),
    );
    return hits[0] ?? null;
  }

  /** A lead made by a form of this batch: newer than every lead that exists. */
  add(person: Person): Person {
    this.made.push(person);
    this.known.push(person);
    return person;
  }

  /** Fills a lead's missing fields from a later form (a lead the batch makes is written with them). */
  fill(person: Person, fill: LeadFill): void {
    if (Object.keys(fill).length === 0) return;
    Object.assign(person, fill);
    if (!this.made.includes(person)) {
      this.filled.set(person.person_id, { ...this.filled.get(person.person_id), ...fill });
    }
  }

  /** Writes the new leads (one statement) and what later forms filled in on existing ones. */
  async write(manager: EntityManager): Promise<void> {
    if (this.made.length > 0) {
      const made = this.made;
      // One plain statement (as the submissions'); created_at per row, so the leads keep the batch's order
      // (lists sort by created_at), as one at a time.
      const inserted: Person[] = await manager.query(
        `INSERT INTO "people"."persons" ("person_id", "practice_id", "first_name", "last_name", "primary_phone",
           "primary_email", "stage", "first_inquiry_at", "last_activity_at", "is_unseen", "created_at")
         SELECT r."person_id", r."practice_id", r."first_name", r."last_name", r."primary_phone",
           r."primary_email", r."stage", r."first_inquiry_at", r."last_activity_at", r."is_unseen", clock_timestamp()
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
           $8::timestamptz[], $9::timestamptz[], $10::boolean[])
           AS r("person_id", "practice_id", "first_name", "last_name", "primary_phone", "primary_email", "stage",
             "first_inquiry_at", "last_activity_at", "is_unseen")
         RETURNING *`,
        [
          made.map((p) => p.person_id),
          made.map((p) => p.practice_id),
          made.map((p) => p.first_name),
          made.map((p) => p.last_name),
          made.map((p) => p.primary_phone),
          made.map((p) => p.primary_email),
          made.map((p) => p.stage),
          made.map((p) => p.first_inquiry_at),
          made.map((p) => p.last_activity_at),
          made.map((p) => p.is_unseen),
        ],
      );
      // The database's defaults (created_at, updated_at, outreach state…) on the leads the announcements carry.
      const byId = new Map(made.map((person) => [person.person_id, person]));
      for (const row of inserted) Object.assign(byId.get(row.person_id) ?? {}, row);
    }
    for (const [personId, fill] of this.filled) {
      await manager.update(Person, { person_id: personId }, fill);
    }
  }

  private order(person: Person): number {
    const made = this.made.indexOf(person);
    return made >= 0 ? Number.MAX_SAFE_INTEGER - this.made.length + made : person.created_at.getTime();
  }
}

/** A new lead from a form (not yet written). */
function newLeadFields(
  manager: EntityManager,
  practiceId: string,
  read: ReadSubmission,
  at: { receivedAt: Date; submittedAt: Date },
): Person {
  return manager.create(Person, {
    practice_id: practiceId,
    first_name: read.first_name,
    last_name: read.last_name,
    primary_phone: read.phone,
    primary_email: read.email,
    stage: 'Lead',
    first_inquiry_at: at.receivedAt,
    // As LeadActivity does for a known lead: the activity is the form, at its time.
    last_activity_at: at.submittedAt,
    is_unseen: true,
  });
}

/** The same with its id made here (a batch writes it with the others). */
function newLead(manager: EntityManager, submission: FormSubmission, read: ReadSubmission): Person {
  const person = newLeadFields(manager, submission.practice_id, read, {
    receivedAt: submission.received_at,
    submittedAt: submission.submitted_at,
  });
  person.person_id = randomUUID();
  return person;
}

/** What a form fills in on a known lead. */
type LeadFill = Partial<
  Pick<Person, 'first_name' | 'last_name' | 'primary_phone' | 'primary_email' | 'first_inquiry_at'>
>;

/** A known lead's missing names, phone, e-mail and first inquiry, from the form (never overwritten). */
function fillOf(
  existing: Person,
  read: ReadSubmission,
  receivedAt: Date,
): Partial<
  Pick<Person, 'first_name' | 'last_name' | 'primary_phone' | 'primary_email' | 'first_inquiry_at'>
> {
  const fill: Partial<
    Pick<Person, 'first_name' | 'last_name' | 'primary_phone' | 'primary_email' | 'first_inquiry_at'>
  > = {};
  if (!existing.first_name && read.first_name) fill.first_name = read.first_name;
  if (!existing.last_name && read.last_name) fill.last_name = read.last_name;
  if (!existing.primary_phone && read.phone) fill.primary_phone = read.phone;
  if (!existing.primary_email && read.email) fill.primary_email = read.email;
  if (!existing.first_inquiry_at) fill.first_inquiry_at = receivedAt;
  return fill;
}

/** The form's `form_submission` timeline event. */
function formEventInput(submission: FormSubmission, read: ReadSubmission) {
  return {
    event_type: FORM_SUBMISSION_EVENT,
    timestamp: submission.submitted_at,
    session_id: submission.session_id,
    source_identifier: submission.tracking_event_id,
    content_data: {
      url: submission.url,
      title: submission.title,
      referrer: submission.referrer,
      form_data: submission.fields,
      mapped: read.mapped,
      additional_info: read.additional_info,
      // Carried on people.lead-events, so analytics links the visitor's pageviews to the lead.
      visitor_id: submission.visitor_id,
    },
    event_metadata: {
      source: WEBSITE_FORM_SOURCE,
      submission_id: submission.submission_id,
      visitor_id: submission.visitor_id,
    },
  };
}

/** What the engine is told of a form taken in. */
function inquiryOf(submission: FormSubmission, person: Person, event: TimelineEvent): InquiryTrigger {
  return {
    practice_id: submission.practice_id,
    person_id: person.person_id,
    event_id: event.event_id,
    channel: 'form',
    received_at: submission.received_at,
  };
}

/** Inserts consent rows in one plain statement (TypeORM's multi-row insert cost about 0.1 ms a row to build). */
async function insertConsents(
  manager: EntityManager,
  rows: readonly ReturnType<typeof consentRows>[number][],
): Promise<void> {
  if (rows.length === 0) return;
  await manager.query(
    `INSERT INTO "people"."consents" ("practice_id", "person_id", "submission_id", "channel", "granted", "source",
       "page_url", "consent_text", "given_at", "ip", "user_agent")
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::boolean[], $6::text[], $7::text[],
       $8::text[], $9::timestamptz[], $10::text[], $11::text[])`,
    [
      rows.map((row) => row.practice_id),
      rows.map((row) => row.person_id),
      rows.map((row) => row.submission_id),
      rows.map((row) => row.channel),
      rows.map((row) => row.granted),
      rows.map((row) => row.source),
      rows.map((row) => row.page_url),
      rows.map((row) => row.consent_text),
      rows.map((row) => row.given_at),
      rows.map((row) => row.ip),
      rows.map((row) => row.user_agent),
    ],
  );
}

/**
 * One consent row per channel the form gave (sms and phone for a phone, email for an address): given, or
 * refused when the form's consent field said no for it (docs/product/ai-engine.md#consent-to-contact).
 */
function consentRows(person: Person, submission: FormSubmission, read: ReadSubmission) {
  const answers = consentAnswers(
    submission.fields,
    { title: submission.title, url: submission.url ?? '' },
    read,
  );
  return answers.map((answer) => ({
    practice_id: person.practice_id,
    person_id: person.person_id,
    submission_id: submission.submission_id,
    channel: answer.channel,
    granted: answer.granted,
    source: WEBSITE_FORM_SOURCE,
    page_url: submission.url,
    consent_text: answer.text,
    // When the product received it: the visitor's clock (submitted_at) is not evidence.
    given_at: submission.received_at,
    ip: submission.ip,
    user_agent: submission.user_agent,
  }));
}
