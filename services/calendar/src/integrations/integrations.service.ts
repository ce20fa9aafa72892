import { Injectable, Logger } from '@nestjs/common';
import { assertPracticeAccess, canAccessPractice, Identity, PracticeReadModel } from '@pp/platform';
import { DataSource } from 'typeorm';
import { planAssignments } from './assignment-rules';
import {
  CalendarAssignmentView,
  CalendarIntegrationView,
  INTEGRATION_COLUMNS,
  IntegrationRow,
  integrationView,
  isUuid,
} from './integration-rows';
import { IntegrationSettings } from './integration-settings';
import { IntegrationException } from './integration.exception';
import {
  CalendarProviders,
  INTERNAL_CALENDAR,
  isOAuthCalendarProvider,
  ProviderCalendar,
  ProviderError,
  ProviderTokens,
} from './providers';

/** Refresh an access token this long before the provider's stated expiry. */
const EXPIRY_MARGIN_MS = 60_000;

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';

export function expiresAt(expiresIn: number | null, now = new Date()): Date | null {
  return expiresIn === null ? null : new Date(now.getTime() + expiresIn * 1000);
}

/** Calendar integrations, their calendars, assignments and health (docs/product/calendar.md#integrations). */
@Injectable()
export class IntegrationsService {
  private readonly logger = new Logger(IntegrationsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly providers: CalendarProviders,
    private readonly settings: IntegrationSettings,
    private readonly practices: PracticeReadModel,
  ) {}

  async list(identity: Identity, practiceId: string): Promise<CalendarIntegrationView[]> {
    assertPracticeAccess(identity, practiceId);
    const rows: IntegrationRow[] = await this.dataSource.query(
      `SELECT ${INTEGRATION_COLUMNS} FROM "calendar"."calendar_integrations" WHERE "practice_id" = $1
       ORDER BY "created_at", "calendar_integration_id"`,
      [practiceId],
    );
    return rows.map(integrationView);
  }

  /** `POST calendar/integrations`: PracticePilot's own calendar (the OAuth providers connect by consent). */
  async createInternal(identity: Identity, body: unknown): Promise<CalendarIntegrationView> {
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (typeof input.practice_id !== 'string' || !input.practice_id)
      throw IntegrationException.invalid('practice_id is required');
    const practiceId = assertPracticeAccess(identity, input.practice_id);
    if (input.provider !== 'internal')
      throw IntegrationException.invalid(
        isOAuthCalendarProvider(input.provider)
          ? `Connect ${input.provider} through its authorization flow (calendar/oauth/authorize/${input.provider})`
          : 'provider must be internal',
      );
    if ((input.auth_method ?? 'none') !== 'none')
      throw IntegrationException.invalid('auth_method must be none');
    if ((input.status ?? 'active') !== 'active') throw IntegrationException.invalid('status must be active');
    const tenant = input.provider_tenant_id ?? practiceId;
    if (typeof tenant !== 'string' || !tenant.trim() || tenant.length > 200)
      throw IntegrationException.invalid('provider_tenant_id must be a text of at most 200 characters');
    const [active]: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM "calendar"."calendar_integrations" WHERE "practice_id" = $1 AND "status" = 'active'`,
      [practiceId],
    );
    if (active) throw IntegrationException.oneActive();
    try {
      // The partial unique index settles a race between two creations.
      const [row]: IntegrationRow[] = await this.dataSource.query(
        `INSERT INTO "calendar"."calendar_integrations"
           ("practice_id", "provider", "provider_tenant_id", "auth_method", "status", "connected_by")
         VALUES ($1, 'internal', $2, 'none', 'active', $3) RETURNING ${INTEGRATION_COLUMNS}`,
        [practiceId, tenant.trim(), isUuid(identity.userId) ? identity.userId : null],
      );
      return integrationView(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw IntegrationException.oneActive();
      throw error;
    }
  }

  /** Removes the integration, its assignments and its tokens. */
  async remove(identity: Identity, integrationId: string): Promise<CalendarIntegrationView> {
    const row = await this.owned(identity, integrationId);
    await this.dataSource.query(
      `DELETE FROM "calendar"."calendar_integrations" WHERE "calendar_integration_id" = $1`,
      [row.calendar_integration_id],
    );
    return integrationView(row);
  }

  async calendars(identity: Identity, integrationId: string): Promise<{ calendars: ProviderCalendar[] }> {
    const row = await this.owned(identity, integrationId);
    try {
      return { calendars: await this.providerCalendars(row) };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.logger.warn(`Calendars of integration ${row.calendar_integration_id} failed: ${error.message}`);
      if (error.kind === 'grant_revoked')
        throw IntegrationException.notConfigured(
          'The calendar account no longer grants access. Please connect it again.',
        );
      throw IntegrationException.providerUnavailable(
        'Could not load calendars from the provider right now. Please try again.',
      );
    }
  }

  /** The connection test: the provider's calendars are listed with the stored tokens (refreshed if due). */
  async health(
    identity: Identity,
    integrationId: string,
  ): Promise<{ status: 'connected' | 'failed'; detail: string; checked_at: string }> {
    const row = await this.owned(identity, integrationId);
    const checkedAt = new Date();
    try {
      const calendars = await this.providerCalendars(row);
      await this.dataSource.query(
        `UPDATE "calendar"."calendar_integrations" SET "last_error" = NULL, "updated_at" = now()
         WHERE "calendar_integration_id" = $1`,
        [row.calendar_integration_id],
      );
      const count = calendars.length;
      return {
        status: 'connected',
        detail: `Connected: ${count} calendar${count === 1 ? '' : 's'} available`,
        checked_at: checkedAt.toISOString(),
      };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      const detail =
        error.kind === 'grant_revoked'
          ? 'The calendar account no longer grants access. Please connect it again.'
          : `Could not reach the calendar provider: ${error.message}`;
      await this.dataSource.query(
        `UPDATE "calendar"."calendar_integrations" SET "last_error" = $2, "updated_at" = now()
         WHERE "calendar_integration_id" = $1`,
        [row.calendar_integration_id, detail],
      );
      return { status: 'failed', detail, checked_at: checkedAt.toISOString() };
    }
  }

  async assignments(identity: Identity, practiceId: string): Promise<CalendarAssignmentView[]> {
    assertPracticeAccess(identity, practiceId);
    return this.dataSource.query(
      `SELECT a."calendar_integration_id", a."location_id", a."external_calendar_id", a."calendar_name",
              a."calendar_description", a."is_active"
       FROM "calendar"."calendar_assignments" a
       WHERE a."practice_id" = $1
       ORDER BY a."calendar_integration_id", a."location_id" NULLS FIRST`,
      [practiceId],
    );
  }

  /** `PUT calendar/integrations/{id}/assignments`: replaces the integration's assignments (the assignment rules). */
  async replaceAssignments(identity: Identity, integrationId: string, body: unknown) {
    const row = await this.owned(identity, integrationId);
    const locations = await this.practices.locations(row.practice_id);
    const plan = planAssignments(
      body,
      locations.filter((location) => location.is_active).map((location) => location.location_id),
    );
    const known = new Set(locations.map((location) => location.location_id.toLowerCase()));
    if (plan.assignments.some((entry) => entry.location_id !== null && !known.has(entry.location_id)))
      throw IntegrationException.locationNotFound();
    const saved = await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `DELETE FROM "calendar"."calendar_assignments" WHERE "calendar_integration_id" = $1`,
        [row.calendar_integration_id],
      );
      const out: CalendarAssignmentView[] = [];
      for (const entry of plan.assignments) {
        const [inserted]: CalendarAssignmentView[] = await manager.query(
          `INSERT INTO "calendar"."calendar_assignments" ("calendar_integration_id", "practice_id", "location_id",
             "external_calendar_id", "calendar_name", "calendar_description", "is_active")
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           RETURNING "calendar_integration_id", "location_id", "external_calendar_id", "calendar_name",
             "calendar_description", "is_active"`,
          [
            row.calendar_integration_id,
            row.practice_id,
            entry.location_id,
            entry.external_calendar_id,
            entry.calendar_name,
            entry.calendar_description,
            entry.is_active,
          ],
        );
        out.push(inserted);
      }
      return out;
    });
    const active = locations.filter((location) => location.is_active);
    const covered =
      plan.mode === 'all_locations'
        ? active.length
        : active.filter((location) =>
            saved.some((entry) => entry.location_id === location.location_id && entry.is_active),
          ).length;
    const calendars = new Set(saved.map((entry) => entry.external_calendar_id)).size;
    return {
      calendar_integration_id: row.calendar_integration_id,
      assignments: saved,
      summary: {
        mode: plan.mode,
        total_assignments: saved.length,
        active_assignments: saved.filter((entry) => entry.is_active).length,
        locations_covered: covered,
        total_locations: active.length,
        distinct_calendars: calendars,
        message:
          plan.mode === 'all_locations'
            ? `${saved[0].calendar_name ?? saved[0].external_calendar_id} serves all locations.`
            : `${covered} of ${active.length} locations have a calendar.`,
      },
    };
  }

  /** The integration when it is one of the caller's practices'; 404 otherwise (a malformed id included). */
  private async owned(identity: Identity, integrationId: string): Promise<IntegrationRow> {
    if (!isUuid(integrationId)) throw IntegrationException.notFound();
    const [row]: IntegrationRow[] = await this.dataSource.query(
      `SELECT ${INTEGRATION_COLUMNS} FROM "calendar"."calendar_integrations" WHERE "calendar_integration_id" = $1`,
      [integrationId],
    );
    if (!row || !canAccessPractice(identity, row.practice_id)) throw IntegrationException.notFound();
    return row;
  }

  private async providerCalendars(row: IntegrationRow): Promise<ProviderCalendar[]> {
    if (row.provider === 'internal') return [INTERNAL_CALENDAR];
    if (!isOAuthCalendarProvider(row.provider)) throw new ProviderError('Unknown provider', 'failed');
    const provider = this.providers.get(row.provider);
    return this.withAccessToken(row, (token) => provider.listCalendars(token, row.provider_tenant_id));
  }

  /**
   * Runs a provider call with the integration's access token: refreshed first when it is (about to be)
   * expired, and once more when the provider refuses it anyway (HighLevel's advice: call, refresh on expiry,
   * call again).
   */
  async withAccessToken<T>(row: IntegrationRow, call: (token: string) => Promise<T>): Promise<T> {
    const cipher = this.settings.tokenCipher();
    if (!row.access_token_sealed)
      throw new ProviderError('The integration has no access token', 'grant_revoked');
    const due =
      row.access_token_expires_at !== null &&
      new Date(row.access_token_expires_at).getTime() - EXPIRY_MARGIN_MS <= Date.now();
    const token = due
      ? await this.refresh(row)
      : cipher.open(row.access_token_sealed, row.calendar_integration_id);
    try {
      return await call(token);
    } catch (error) {
      if (!(error instanceof ProviderError) || error.kind !== 'expired' || due) throw error;
      return call(await this.refresh(row));
    }
  }

  /**
   * Refreshes the integration's tokens under a row lock; when another call refreshed them meanwhile, its
   * token is used. A refused grant marks the integration `error` (it must be connected again).
   */
  private async refresh(row: IntegrationRow): Promise<string> {
    const cipher = this.settings.tokenCipher();
    if (!isOAuthCalendarProvider(row.provider)) throw new ProviderError('Unknown provider', 'failed');
    const provider = this.providers.get(row.provider);
    const id = row.calendar_integration_id;
    try {
      return await this.dataSource.transaction(async (manager) => {
        const [current]: IntegrationRow[] = await manager.query(
          `SELECT ${INTEGRATION_COLUMNS} FROM "calendar"."calendar_integrations"
           WHERE "calendar_integration_id" = $1 FOR UPDATE`,
          [id],
        );
        if (!current?.refresh_token_sealed)
          throw new ProviderError('The integration has no refresh token', 'grant_revoked');
        if (current.access_token_sealed && current.access_token_sealed !== row.access_token_sealed)
          return cipher.open(current.access_token_sealed, id);
        const tokens: ProviderTokens = await provider.refresh(cipher.open(current.refresh_token_sealed, id));
        const sealedAccess = cipher.seal(tokens.accessToken, id);
        await manager.query(
          `UPDATE "calendar"."calendar_integrations" SET "access_token_sealed" = $2,
             "refresh_token_sealed" = COALESCE($3, "refresh_token_sealed"), "access_token_expires_at" = $4,
             "last_error" = NULL, "updated_at" = now()
           WHERE "calendar_integration_id" = $1`,
          [
            id,
            sealedAccess,
            tokens.refreshToken ? cipher.seal(tokens.refreshToken, id) : null,
            expiresAt(tokens.expiresIn),
          ],
        );
        row.access_token_sealed = sealedAccess;
        return tokens.accessToken;
      });
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'grant_revoked')
        await this.dataSource.query(
          `UPDATE "calendar"."calendar_integrations" SET "status" = 'error', "last_error" = $2, "updated_at" = now()
           WHERE "calendar_integration_id" = $1`,
          [id, 'The calendar account no longer grants access. Please connect it again.'],
        );
      throw error;
    }
  }
}
