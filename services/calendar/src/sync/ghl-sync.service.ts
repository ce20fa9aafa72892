import { Injectable, Logger } from '@nestjs/common';
import { AppointmentEventV1, Topics } from '@pp/contracts';
import { Outbox } from '@pp/platform';
import { DataSource, EntityManager } from 'typeorm';
import { toAppointmentSnapshot } from '../appointments/appointment-view';
import { Appointment } from '../appointments/appointment.entity';
import { INTEGRATION_COLUMNS, IntegrationRow } from '../integrations/integration-rows';
import { IntegrationsService } from '../integrations/integrations.service';
import { GhlApi, GhlAppointment } from './ghl-api';
import { IncomingChange, phoneKey, planApply, statusFromGhl, statusToGhl } from './sync-rules';

/** The pull's window: a week back (late edits, no-shows) to sixty days ahead. */
export const PULL_PAST_DAYS = 7;
export const PULL_FUTURE_DAYS = 60;
const DAY_MS = 86_400_000;

/** An appointment row as the sync reads it. */
interface SyncRow {
  appointment_id: string;
  practice_id: string;
  location_id: string | null;
  person_id: string | null;
  calendar_id: string | null;
  contact_id: string | null;
  provider_event_id: string | null;
  title: string;
  description: string | null;
  location: string | null;
  start_time: Date;
  end_time: Date;
  status: string;
  source: string;
  is_editable: boolean;
  person_first_name: string | null;
  person_last_name: string | null;
  person_email: string | null;
  person_phone: string | null;
  updated_at: Date;
  synced_at: Date | null;
  provider_updated_at: Date | null;
}

const SYNC_COLUMNS = `"appointment_id", "practice_id", "location_id", "person_id", "calendar_id", "contact_id",
  "provider_event_id", "title", "description", "location", "start_time", "end_time", "status", "source",
  "is_editable", "person_first_name", "person_last_name", "person_email", "person_phone", "updated_at",
  "synced_at", "provider_updated_at"`;

/** A lead of the practice's directory (`lead_contacts`). */
interface LeadContactRow {
  person_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
}

/** The person_* columns copied from a lead's earlier appointment when a HighLevel booking turns out to be theirs. */
const PERSON_COLUMNS = [
  'person_name',
  'person_first_name',
  'person_last_name',
  'person_email',
  'person_phone',
  'person_avatar',
  'person_age',
  'person_location',
  'person_title',
  'person_organization',
  'person_education',
] as const;

export type PushOutcome = 'pushed' | 'skipped';

const date = (value: unknown): Date | null => {
  if (typeof value !== 'string' || !value) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
};

/**
 * The two-way GoHighLevel sync (docs/decisions/0022-ghl-calendar-sync.md): push our bookings and moves, apply
 * HighLevel's changes (webhooks and the periodic pull) under the conflict rule. Each practice's sync work is
 * serialised by a transaction-scoped advisory lock, so a webhook about an appointment we are creating waits for
 * its provider id to be stored.
 */
@Injectable()
export class GhlSyncService {
  private readonly logger = new Logger(GhlSyncService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly integrations: IntegrationsService,
    private readonly api: GhlApi,
  ) {}

  /** The practice's active GoHighLevel integration, when it has one. */
  async activeIntegration(practiceId: string): Promise<IntegrationRow | null> {
    const [row]: IntegrationRow[] = await this.dataSource.query(
      `SELECT ${INTEGRATION_COLUMNS} FROM "calendar"."calendar_integrations"
       WHERE "practice_id" = $1 AND "provider" = 'ghl' AND "status" = 'active'`,
      [practiceId],
    );
    return row ?? null;
  }

  /** The active GoHighLevel integration of an appointment's practice, by id. */
  async integrationOfAppointment(appointmentId: string): Promise<string | null> {
    const [row]: { calendar_integration_id: string }[] = await this.dataSource.query(
      `SELECT i."calendar_integration_id" FROM "calendar"."appointments" a
       JOIN "calendar"."calendar_integrations" i ON i."practice_id" = a."practice_id"
       WHERE a."appointment_id" = $1 AND i."provider" = 'ghl' AND i."status" = 'active'`,
      [appointmentId],
    );
    return row?.calendar_integration_id ?? null;
  }

  async integration(integrationId: string): Promise<IntegrationRow | null> {
    const [row]: IntegrationRow[] = await this.dataSource.query(
      `SELECT ${INTEGRATION_COLUMNS} FROM "calendar"."calendar_integrations" WHERE "calendar_integration_id" = $1`,
      [integrationId],
    );
    return row ?? null;
  }

  /** The external calendar assigned to a location (or to all locations) on the integration. */
  private async assignedCalendar(
    manager: EntityManager,
    integrationId: string,
    locationId: string | null,
  ): Promise<string | null> {
    const [row]: { external_calendar_id: string }[] = await manager.query(
      `SELECT "external_calendar_id" FROM "calendar"."calendar_assignments"
       WHERE "calendar_integration_id" = $1 AND "is_active" AND ("location_id" = $2 OR "location_id" IS NULL)
       ORDER BY "location_id" NULLS LAST LIMIT 1`,
      [integrationId, locationId],
    );
    return row?.external_calendar_id ?? null;
  }

  private lockPractice(manager: EntityManager, practiceId: string) {
    return manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('calendar.ghl-sync:' || $1, 0))`, [
      practiceId,
    ]);
  }

  /**
   * Pushes an appointment's pending change (booked or moved here) to its location's GoHighLevel calendar:
   * the contact is upserted from the person_* snapshot when it has none, then the appointment created (its id
   * kept) or updated. Nothing to push (already pushed, external, no GHL calendar for its location): skipped.
   */
  async push(appointmentId: string): Promise<PushOutcome> {
    return this.dataSource.transaction(async (manager) => {
      const [first]: { practice_id: string }[] = await manager.query(
        `SELECT "practice_id" FROM "calendar"."appointments" WHERE "appointment_id" = $1`,
        [appointmentId],
      );
      if (!first) return 'skipped';
      await this.lockPractice(manager, first.practice_id);
      const [row]: SyncRow[] = await manager.query(
        `SELECT ${SYNC_COLUMNS} FROM "calendar"."appointments" WHERE "appointment_id" = $1`,
        [appointmentId],
      );
      if (!row || !row.is_editable) return 'skipped';
      if (row.provider_event_id === null && (row.source !== 'practicepilot' || row.status === 'cancelled'))
        return 'skipped';
      if (row.synced_at !== null && row.updated_at.getTime() <= row.synced_at.getTime()) return 'skipped';
      const integration = await this.activeIntegration(row.practice_id);
      if (!integration) return 'skipped';
      const assigned = await this.assignedCalendar(
        manager,
        integration.calendar_integration_id,
        row.location_id,
      );
      const calendarId = row.provider_event_id ? (row.calendar_id ?? assigned) : assigned;
      if (!calendarId) return 'skipped';
      const locationId = integration.provider_tenant_id;
      const pushed = await this.integrations.withAccessToken(integration, async (token) => {
        let contactId = row.contact_id;
        if (!contactId) {
          contactId = await this.api.upsertContact(token, locationId, {
            firstName: row.person_first_name,
            lastName: row.person_last_name,
            email: row.person_email,
            phone: row.person_phone,
          });
          row.contact_id = contactId;
        }
        const input = {
          calendarId,
          title: row.title,
          startTime: row.start_time.toISOString(),
          endTime: row.end_time.toISOString(),
          appointmentStatus: statusToGhl(row.status),
          ...(row.description ? { description: row.description } : {}),
          ...(row.location ? { address: row.location } : {}),
        };
        return row.provider_event_id
          ? this.api.updateAppointment(token, locationId, row.provider_event_id, input)
          : this.api.createAppointment(token, locationId, contactId, input);
      });
      await manager.query(
        `UPDATE "calendar"."appointments" SET "provider_event_id" = $2, "contact_id" = $3, "calendar_id" = $4,
           "synced_at" = $5, "provider_updated_at" = GREATEST("provider_updated_at", COALESCE($6::timestamptz, now()))
         WHERE "appointment_id" = $1`,
        [row.appointment_id, pushed.id, row.contact_id, calendarId, row.updated_at, date(pushed.dateUpdated)],
      );
      await this.markSynced(manager, integration.calendar_integration_id);
      return 'pushed';
    });
  }

  /**
   * Applies one appointment as HighLevel has it now (webhook or pull), or its deletion, for an integration:
   * ours (known provider id) follows the conflict rule and announces what changed; an unknown one on an assigned
   * calendar becomes a lead's (matched by contact) or an external, read-only appointment.
   */
  async apply(integration: IntegrationRow, event: GhlAppointment, deleted: boolean): Promise<string> {
    const practiceId = integration.practice_id;
    return this.dataSource.transaction(async (manager) => {
      await this.lockPractice(manager, practiceId);
      const [row]: SyncRow[] = await manager.query(
        `SELECT ${SYNC_COLUMNS} FROM "calendar"."appointments"
         WHERE "practice_id" = $1 AND "provider_event_id" = $2 FOR UPDATE`,
        [practiceId, event.id],
      );
      const start = date(event.startTime);
      const end = date(event.endTime);
      const updatedAt = date(event.dateUpdated) ?? new Date();
      if (row) {
        let incoming: IncomingChange;
        if (deleted) incoming = { deleted: true };
        else if (!start || !end || end <= start) return 'invalid';
        else
          incoming = {
            deleted: false,
            start,
            end,
            status: statusFromGhl(event.appointmentStatus),
            updatedAt,
          };
        const plan = planApply(row, incoming);
        if (!plan.apply) return plan.reason;
        // TypeORM answers an UPDATE … RETURNING as [rows, count].
        const [[saved]]: [Appointment[], number] = await manager.query(
          `UPDATE "calendar"."appointments" SET "start_time" = $2, "end_time" = $3, "status" = $4,
             "contact_id" = COALESCE("contact_id", $5), "updated_at" = now(), "synced_at" = now(),
             "provider_updated_at" = $6
           WHERE "appointment_id" = $1 RETURNING *`,
          [row.appointment_id, plan.start, plan.end, plan.status, event.contactId ?? null, updatedAt],
        );
        if (plan.event && saved.person_id)
          await this.outbox.add<AppointmentEventV1>(manager, Topics.calendarAppointments, {
            type: plan.event,
            practice_id: practiceId,
            appointment: toAppointmentSnapshot(saved),
            previous:
              plan.event === 'appointment_no_show'
                ? null
                : { start_time: row.start_time.toISOString(), end_time: row.end_time.toISOString() },
          });
        return plan.event ?? 'updated';
      }
      if (deleted || !start || !end || end <= start) return 'ignored';
      const status = statusFromGhl(event.appointmentStatus);
      if (status === 'cancelled') return 'ignored';
      const [assignment]: { location_id: string | null }[] = await manager.query(
        `SELECT "location_id" FROM "calendar"."calendar_assignments"
         WHERE "calendar_integration_id" = $1 AND "external_calendar_id" = $2 AND "is_active"
         ORDER BY "location_id" NULLS LAST LIMIT 1`,
        [integration.calendar_integration_id, event.calendarId ?? ''],
      );
      if (!assignment) return 'ignored';
      const lead = await this.leadOf(manager, integration, event.contactId ?? null);
      const person: Record<string, unknown> = lead.row
        ? Object.fromEntries(PERSON_COLUMNS.map((column) => [column, lead.row?.[column] ?? null]))
        : {
            person_name: lead.contactName,
            person_first_name: null,
            person_last_name: null,
            person_email: null,
            person_phone: null,
          };
      const columns = Object.keys(person);
      const values = Object.values(person).map((value) =>
        value !== null && typeof value === 'object' && !(value instanceof Date)
          ? JSON.stringify(value)
          : value,
      );
      const [saved]: Appointment[] = await manager.query(
        `INSERT INTO "calendar"."appointments" ("practice_id", "location_id", "calendar_id", "person_id", "title",
           "description", "location", "start_time", "end_time", "status", "is_editable", "source", "contact_id",
           "provider_event_id", "provider_updated_at", "synced_at", ${columns.map((c) => `"${c}"`).join(', ')})
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'ghl', $12, $13, $14, now(),
           ${columns.map((_, index) => `$${15 + index}`).join(', ')})
         RETURNING *`,
        [
          practiceId,
          assignment.location_id,
          event.calendarId ?? null,
          lead.row?.person_id ?? null,
          event.title?.trim() || 'GoHighLevel appointment',
          event.notes?.trim() || event.description?.trim() || null,
          event.address?.trim() || null,
          start,
          end,
          status,
          lead.row !== null,
          event.contactId ?? null,
          event.id,
          updatedAt,
          ...values,
        ],
      );
      if (saved.person_id) {
        await this.outbox.add<AppointmentEventV1>(manager, Topics.calendarAppointments, {
          type: 'appointment_scheduled',
          practice_id: practiceId,
          appointment: toAppointmentSnapshot(saved),
          previous: null,
        });
        return 'lead';
      }
      return 'external';
    });
  }

  /**
   * The lead a HighLevel contact is: an earlier appointment of ours with that contact id (we created the contact),
   * else the practice's lead with the contact's e-mail or phone (the lead directory kept from people.lead-events,
   * then the person_* snapshots of earlier appointments, which also know leads from before the directory).
   */
  private async leadOf(
    manager: EntityManager,
    integration: IntegrationRow,
    contactId: string | null,
  ): Promise<{ row: (Record<string, unknown> & { person_id: string }) | null; contactName: string | null }> {
    if (!contactId) return { row: null, contactName: null };
    const [byContact] = await manager.query(
      `SELECT * FROM "calendar"."appointments"
       WHERE "practice_id" = $1 AND "contact_id" = $2 AND "person_id" IS NOT NULL
       ORDER BY "created_at" DESC LIMIT 1`,
      [integration.practice_id, contactId],
    );
    if (byContact) return { row: byContact, contactName: null };
    const contact = await this.integrations.withAccessToken(integration, (token) =>
      this.api.contact(token, integration.provider_tenant_id, contactId),
    );
    if (!contact) return { row: null, contactName: null };
    const name = contact.name ?? ([contact.firstName, contact.lastName].filter(Boolean).join(' ') || null);
    const email = contact.email?.trim().toLowerCase() || null;
    const phone = phoneKey(contact.phone);
    if (!email && !phone) return { row: null, contactName: name };
    const [known]: LeadContactRow[] = await manager.query(
      `SELECT "person_id", "first_name", "last_name", "email", "phone" FROM "calendar"."lead_contacts"
       WHERE "practice_id" = $1 AND ("email" = $2 OR ($3::text IS NOT NULL AND "phone_key" = $3))
       ORDER BY ("email" IS NOT DISTINCT FROM $2) DESC, "updated_at" DESC LIMIT 1`,
      [integration.practice_id, email, phone],
    );
    if (known) {
      const full = [known.first_name, known.last_name].filter(Boolean).join(' ') || null;
      const row = {
        person_id: known.person_id,
        person_name: full,
        person_first_name: known.first_name,
        person_last_name: known.last_name,
        person_email: known.email,
        person_phone: known.phone,
      };
      return { row, contactName: name };
    }
    const [match] = await manager.query(
      `SELECT * FROM "calendar"."appointments"
       WHERE "practice_id" = $1 AND "person_id" IS NOT NULL
         AND ((lower("person_email") = $2) OR ($3::text IS NOT NULL AND right(regexp_replace(COALESCE("person_phone", ''), '\\D', '', 'g'), 10) = $3))
       ORDER BY "created_at" DESC LIMIT 1`,
      [integration.practice_id, email, phone],
    );
    return { row: match ?? null, contactName: name };
  }

  /**
   * The periodic pull of one integration: the assigned calendars' events over the window are applied (a missed
   * webhook's change arrives here), ours that HighLevel no longer lists are taken as deleted there, and the
   * appointments whose change here was never pushed are named for a push.
   */
  async pull(integrationId: string): Promise<{ applied: number; pushes: string[] }> {
    const integration = await this.integration(integrationId);
    if (!integration || integration.provider !== 'ghl' || integration.status !== 'active')
      return { applied: 0, pushes: [] };
    const calendars: { external_calendar_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT "external_calendar_id" FROM "calendar"."calendar_assignments"
       WHERE "calendar_integration_id" = $1 AND "is_active"`,
      [integrationId],
    );
    const now = Date.now();
    const from = new Date(now - PULL_PAST_DAYS * DAY_MS);
    const to = new Date(now + PULL_FUTURE_DAYS * DAY_MS);
    let applied = 0;
    for (const { external_calendar_id: calendarId } of calendars) {
      const events = await this.integrations.withAccessToken(integration, (token) =>
        this.api.events(token, integration.provider_tenant_id, calendarId, from, to),
      );
      for (const event of events) {
        const outcome = await this.apply(
          integration,
          { ...event, calendarId: event.calendarId ?? calendarId },
          false,
        );
        if (!['unchanged', 'stale', 'ignored', 'ours_pending'].includes(outcome)) applied += 1;
      }
      const missing: { provider_event_id: string }[] = await this.dataSource.query(
        `SELECT "provider_event_id" FROM "calendar"."appointments"
         WHERE "practice_id" = $1 AND "calendar_id" = $2 AND "provider_event_id" IS NOT NULL
           AND "status" <> 'cancelled' AND "start_time" >= $3 AND "start_time" < $4
           AND NOT ("provider_event_id" = ANY($5::text[]))`,
        [integration.practice_id, calendarId, from, to, events.map((event) => event.id)],
      );
      for (const { provider_event_id: id } of missing) {
        const outcome = await this.apply(integration, { id }, true);
        if (outcome === 'appointment_cancelled') applied += 1;
      }
    }
    const pending: { appointment_id: string }[] = await this.dataSource.query(
      `SELECT "appointment_id" FROM "calendar"."appointments"
       WHERE "practice_id" = $1 AND "is_editable" AND ("synced_at" IS NULL OR "updated_at" > "synced_at")
         AND ("provider_event_id" IS NOT NULL OR ("source" = 'practicepilot' AND "status" <> 'cancelled'))
         AND "end_time" > $2`,
      [integration.practice_id, from],
    );
    await this.markSynced(this.dataSource.manager, integrationId);
    return { applied, pushes: pending.map((row) => row.appointment_id) };
  }

  /** The active GoHighLevel integrations, for the periodic pull. */
  async activeIntegrationIds(): Promise<string[]> {
    const rows: { calendar_integration_id: string }[] = await this.dataSource.query(
      `SELECT "calendar_integration_id" FROM "calendar"."calendar_integrations"
       WHERE "provider" = 'ghl' AND "status" = 'active'`,
    );
    return rows.map((row) => row.calendar_integration_id);
  }

  private markSynced(manager: EntityManager, integrationId: string) {
    return manager.query(
      `UPDATE "calendar"."calendar_integrations" SET "last_sync_timestamp" = now(), "last_error" = NULL,
         "updated_at" = now()
       WHERE "calendar_integration_id" = $1`,
      [integrationId],
    );
  }

  /** A sync job failed: the integration shows why (provider, route and status only; never patient data). */
  async recordError(integrationId: string, detail: string): Promise<void> {
    this.logger.warn(`GoHighLevel sync of integration ${integrationId} failed: ${detail}`);
    await this.dataSource.query(
      `UPDATE "calendar"."calendar_integrations" SET "last_error" = $2, "updated_at" = now()
       WHERE "calendar_integration_id" = $1`,
      [integrationId, detail.slice(0, 500)],
    );
  }
}
