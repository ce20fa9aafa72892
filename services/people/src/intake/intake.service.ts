import { Injectable, Logger } from '@nestjs/common';
import type { FormSubmittedV1 } from '@pp/contracts';
import { Inbox, PracticeReadModel } from '@pp/platform';
import { DataSource, EntityManager } from 'typeorm';
import { EngineTrigger } from '../engine/engine-trigger';
import { FieldMappingService } from '../field-mapping/field-mapping.service';
import { Person } from '../persons/person.entity';
import { LeadActivity, writeTimelineEvent } from '../timeline/lead-activity';
import { TimelineEvent } from '../timeline/timeline-event.entity';
import { Consent } from './consent.entity';
import { eventText, eventTime, formFields, isFormSubmittedEvent } from './form-event';
import { FormSubmission, FormSubmissionStatus } from './form-submission.entity';
import { IntakeQueue } from './intake-queue';
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
    const inserted = await manager
      .createQueryBuilder()
      .insert()
      .into(FormSubmission)
      // Per row, so created_at keeps the batch's order (the sweep and the timeline of submissions read it).
      .values(rows.map((row) => ({ ...row, created_at: () => 'clock_timestamp()' })))
      .orIgnore()
      .returning(['submission_id', 'practice_id', 'tracking_event_id'])
      .execute();
    const kept = inserted.raw as { submission_id: string; practice_id: string; tracking_event_id: string }[];
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
    const { fields } = submission;
    const read = readSubmission(fields, await this.fieldMapping.mappings(manager, practiceId));
    const status = await this.statusOf(manager, practiceId, read);
    if (status !== 'processed') {
      await manager.update(FormSubmission, { submission_id: submission.submission_id }, { status });
      this.logger.log(`form ${submission.submission_id} of practice ${practiceId} kept as ${status}`);
      return;
    }

    await lockContacts(manager, practiceId, read);
    const receivedAt = submission.received_at;
    const submittedAt = submission.submitted_at;
    const { person, created } = await this.upsertPerson(manager, practiceId, read, {
      receivedAt,
      submittedAt,
    });
    const input = {
      event_type: FORM_SUBMISSION_EVENT,
      timestamp: submittedAt,
      session_id: submission.session_id,
      source_identifier: submission.tracking_event_id,
      content_data: {
        url: submission.url,
        title: submission.title,
        referrer: submission.referrer,
        form_data: fields,
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
      { status, person_id: person.person_id, event_id: timelineEvent.event_id },
    );
    await this.recordConsent(manager, person, submission, read, fields);
    await this.engine.inquiryReceived(manager, {
      practice_id: practiceId,
      person_id: person.person_id,
      event_id: timelineEvent.event_id,
      channel: 'form',
      received_at: receivedAt,
    });
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
        manager.create(Person, {
          practice_id: practiceId,
          first_name: read.first_name,
          last_name: read.last_name,
          primary_phone: read.phone,
          primary_email: read.email,
          stage: 'Lead',
          first_inquiry_at: receivedAt,
          // As LeadActivity does for a known lead: the activity is the form, at its time.
          last_activity_at: submittedAt,
          is_unseen: true,
        }),
      );
      return { person, created: true };
    }
    const fill: Partial<
      Pick<Person, 'first_name' | 'last_name' | 'primary_phone' | 'primary_email' | 'first_inquiry_at'>
    > = {};
    if (!existing.first_name && read.first_name) fill.first_name = read.first_name;
    if (!existing.last_name && read.last_name) fill.last_name = read.last_name;
    if (!existing.primary_phone && read.phone) fill.primary_phone = read.phone;
    if (!existing.primary_email && read.email) fill.primary_email = read.email;
    if (!existing.first_inquiry_at) fill.first_inquiry_at = receivedAt;
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

  /**
   * One consent row per channel the form gave (sms and phone for a phone, email for an address): given, or
   * refused when the form's consent field said no for it (docs/product/ai-engine.md#consent-to-contact).
   */
  private async recordConsent(
    manager: EntityManager,
    person: Person,
    submission: FormSubmission,
    read: ReadSubmission,
    fields: Record<string, string>,
  ): Promise<void> {
    const answers = consentAnswers(fields, { title: submission.title, url: submission.url ?? '' }, read);
    if (answers.length === 0) return;
    await manager.insert(
      Consent,
      answers.map((answer) => ({
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
      })),
    );
  }
}

/**
 * Transaction-scoped locks on the submission's contact keys (practice + phone, practice + e-mail), taken in one
 * order by every worker: two forms of one person wait for each other (one lead, never two) and never deadlock.
 */
async function lockContacts(manager: EntityManager, practiceId: string, read: ReadSubmission): Promise<void> {
  await manager.query(
    `SELECT pg_advisory_xact_lock("key") FROM (
       SELECT DISTINCT hashtextextended("name", 0) AS "key" FROM unnest($1::text[]) AS "name" ORDER BY 1
     ) AS "keys"`,
    [contactLockKeys(practiceId, read)],
  );
}
