import type { CalendarIntegrationView } from '@pp/contracts';
/** A row of `calendar.calendar_integrations` (docs/decisions/0021-calendar-integrations.md). */
export interface IntegrationRow {
  calendar_integration_id: string;
  practice_id: string;
  provider: string;
  provider_tenant_id: string;
  auth_method: string;
  status: string;
  last_sync_timestamp: Date | null;
  last_error: string | null;
  access_token_sealed: string | null;
  refresh_token_sealed: string | null;
  access_token_expires_at: Date | null;
  created_at: Date;
}

export type { CalendarIntegrationView } from '@pp/contracts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function integrationView(row: IntegrationRow): CalendarIntegrationView {
  return {
    calendar_integration_id: row.calendar_integration_id,
    practice_id: row.practice_id,
    provider: row.provider,
    provider_tenant_id: row.provider_tenant_id,
    auth_method: row.auth_method,
    status: row.status,
    last_sync_timestamp: iso(row.last_sync_timestamp),
    last_error: row.last_error,
    created_at: iso(row.created_at) as string,
  };
}

export type { CalendarAssignmentView } from '@pp/contracts';

/** The IntegrationRow columns to select, by name. */
export const INTEGRATION_COLUMNS = `"calendar_integration_id", "practice_id", "provider", "provider_tenant_id",
  "auth_method", "status", "last_sync_timestamp", "last_error", "access_token_sealed", "refresh_token_sealed",
  "access_token_expires_at", "created_at"`;

/** A UUID in any version; anything else names nothing (404), docs/decisions/0008-hostile-input.md. */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
