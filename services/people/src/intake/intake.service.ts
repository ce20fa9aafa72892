import { Injectable, Logger } from '@nestjs/common';
import type { FormSubmittedV1 } from '@pp/contracts';
import { Inbox, PracticeReadModel } from '@pp/platform';
import { EntityManager } from 'typeorm';
import { EngineTrigger } from '../engine/engine-trigger';
import { FieldMappingService } from '../field-mapping/field-mapping.service';
import { Person } from '../persons/person.entity';
import { LeadActivity, writeTimelineEvent } from '../timeline/lead-activity';
import { TimelineEvent } from '../timeline/timeline-event.entity';
import { Consent } from './consent.entity';
import { eventText, eventTime, formFields, isFormSubmittedEvent } from './form-event';
import { FormSubmission, FormSubmissionStatus } from './form-submission.entity';
import {
  cityOfAddress,
  consentChannels,
  consentText,
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
 * Website forms become leads (docs/product/ai-engine.md#intake-forms-field-mapping-consent): the submission is
 * kept, its fields discovered and mapped, the lead found (phone, then e-mail, within the practice) or created,
 * the form put on its timeline, consent recorded, and the lead handed to the engine, all in one transaction.
 */
@Injectable()
export class IntakeService {
  private readonly logger = new Logger(IntakeService.name);

  constructor(
    private readonly inbox: Inbox,
    private readonly activity: LeadActivity,
    private readonly fieldMapping: FieldMappingService,
    private readonly practices: PracticeReadModel,
    private readonly engine: EngineTrigger,
  ) {}

  /** Takes in one tracking.forms event; false when skipped (not a form, or already taken in). */
  async apply(event: unknown): Promise<boolean> {
    if (!isFormSubmittedEvent(event)) {
      const id = (event as { event_id?: unknown } | null)?.event_id;
      this.logger.warn(`tracking.forms: skipping an event that is not a form submission (${String(id)})`);
      return false;
    }
    return this.inbox.once(FORMS_CONSUMER, event, (manager) => this.takeIn(manager, event));
  }

  private async takeIn(manager: EntityManager, event: FormSubmittedV1): Promise<void> {
    const practiceId = event.practice_id;
    // One intake of a practice at a time: two submissions of one visitor never make two leads.
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('people.intake:' || $1, 0))`, [
      practiceId,
    ]);
    const seen = await manager.existsBy(FormSubmission, {
      practice_id: practiceId,
      tracking_event_id: event.tracking_event_id,
    });
    if (seen) return;

    const fields = formFields(event.fields);
    const receivedAt = eventTime(event.received_at, new Date());
    const submittedAt = eventTime(event.submitted_at, receivedAt);
    await this.fieldMapping.discover(manager, practiceId, fields, receivedAt);
    const read = readSubmission(fields, await this.fieldMapping.mappings(manager, practiceId));
    const status = await this.statusOf(practiceId, read);
    const submission = await manager.save(
      manager.create(FormSubmission, {
        practice_id: practiceId,
        tracking_event_id: event.tracking_event_id,
        visitor_id: eventText(event.visitor_id),
        session_id: eventText(event.session_id),
        url: eventText(event.url),
        title: eventText(event.title),
        referrer: eventText(event.referrer),
        fields,
        ip: eventText(event.ip),
        user_agent: eventText(event.user_agent),
        submitted_at: submittedAt,
        received_at: receivedAt,
        status,
      }),
    );
    if (status !== 'processed') {
      this.logger.log(`form ${submission.submission_id} of practice ${practiceId} kept as ${status}`);
      return;
    }

    const { person, created } = await this.upsertPerson(manager, practiceId, read, {
      receivedAt,
      submittedAt,
    });
    const input = {
      event_type: FORM_SUBMISSION_EVENT,
      timestamp: submittedAt,
      session_id: eventText(event.session_id),
      source_identifier: event.tracking_event_id,
      content_data: {
        url: eventText(event.url),
        title: eventText(event.title),
        referrer: eventText(event.referrer),
        form_data: fields,
        mapped: read.mapped,
        additional_info: read.additional_info,
      },
      event_metadata: {
        source: WEBSITE_FORM_SOURCE,
        submission_id: submission.submission_id,
        visitor_id: eventText(event.visitor_id),
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
      { person_id: person.person_id, event_id: timelineEvent.event_id },
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
  private async statusOf(practiceId: string, read: ReadSubmission): Promise<FormSubmissionStatus> {
    if (await this.outsideLocations(practiceId, read.mapped.location_preference)) return 'filtered';
    if (!read.phone && !read.email) return 'no_contact';
    return 'processed';
  }

  /** Location-Based Lead Filtering (docs/product/ai-engine.md#intake-forms-field-mapping-consent). */
  private async outsideLocations(practiceId: string, preference: string | undefined): Promise<boolean> {
    if (!preference) return false;
    const practice = await this.practices.practice(practiceId);
    if (practice?.outreach_preferences?.enforce_location_filtering !== true) return false;
    const active = (await this.practices.locations(practiceId)).filter((location) => location.is_active);
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
    const existing =
      (read.phone && (await this.lockLead(manager, practiceId, { primary_phone: read.phone }))) ||
      (read.email && (await this.lockLead(manager, practiceId, { primary_email: read.email }))) ||
      null;
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

  private lockLead(
    manager: EntityManager,
    practiceId: string,
    contact: { primary_phone: string } | { primary_email: string },
  ): Promise<Person | null> {
    return manager.findOne(Person, {
      where: { practice_id: practiceId, ...contact },
      // The oldest lead with it, should staff have created two.
      order: { created_at: 'ASC', person_id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** One consent row per channel the form gave: sms and phone for a phone number, email for an address. */
  private async recordConsent(
    manager: EntityManager,
    person: Person,
    submission: FormSubmission,
    read: ReadSubmission,
    fields: Record<string, string>,
  ): Promise<void> {
    const text = consentText(fields, { title: submission.title, url: submission.url ?? '' });
    if (text === null) return;
    const channels = consentChannels(read);
    if (channels.length === 0) return;
    await manager.insert(
      Consent,
      channels.map((channel) => ({
        practice_id: person.practice_id,
        person_id: person.person_id,
        submission_id: submission.submission_id,
        channel,
        source: WEBSITE_FORM_SOURCE,
        page_url: submission.url,
        consent_text: text,
        // When the product received it: the visitor's clock (submitted_at) is not evidence.
        given_at: submission.received_at,
        ip: submission.ip,
        user_agent: submission.user_agent,
      })),
    );
  }
}
