import { EventEnvelope } from './envelope';

/** Payloads on `practice.changes`: read models of practices and locations in other services. */
export type PracticeChangeType =
  'practice_updated' | 'location_created' | 'location_updated' | 'location_deleted';

export interface PracticeSnapshot {
  practice_id: string;
  name: string;
  website_url: string | null;
  automation_level: string;
  outreach_preferences: Record<string, unknown>;
  /**
   * The practice's public key for the website tracking snippet (`POST /api/v1/tracking/events`): unique, never
   * changes. Snapshots published before it existed lack it (read models keep null until the next snapshot).
   */
  site_key: string;
  /**
   * The practice's virtual numbers (docs/product/settings.md#virtual-number). Present in the snapshots the
   * gateway publishes for all of a practice's state (its seed); absent means "unchanged" (a settings update).
   */
  virtual_numbers?: VirtualNumberSnapshot[];
}

export interface VirtualNumberSnapshot {
  /** E.164. */
  phone_number: string;
  is_active: boolean;
  /** practice_default: the number the practice sends from. */
  assignment_type: string;
  capabilities: { voice: boolean; sms: boolean };
}

export interface LocationSnapshot {
  location_id: string;
  practice_id: string;
  name: string;
  address: string;
  timezone: string;
  phone: string;
  is_primary: boolean;
  is_active: boolean;
  business_hours: Record<string, unknown> | null;
}

export interface PracticeUpdatedV1 extends EventEnvelope<'practice_updated'> {
  practice: PracticeSnapshot;
}

export interface LocationChangedV1 extends EventEnvelope<'location_created' | 'location_updated'> {
  location: LocationSnapshot;
}

export interface LocationDeletedV1 extends EventEnvelope<'location_deleted'> {
  location_id: string;
}

export type PracticeChangeV1 = PracticeUpdatedV1 | LocationChangedV1 | LocationDeletedV1;

/**
 * A practice created at sign-up from a public demo (docs/product/onboarding.md#sign-up), published right after the
 * practice's and its primary location's snapshots (same key, so a consumer has applied them first): the pages the
 * demo read and the catalogue procedures it found, for the knowledge service to read and offer. Read models of
 * practices skip it.
 */
export interface PracticeOnboardedV1 extends EventEnvelope<'practice_onboarded'> {
  demo_session_id: string;
  website_url: string;
  /** The demo's pages, on the practice's website. */
  page_urls: string[];
  /** Catalogue keys of the procedures the demo found on the site. */
  procedure_keys: string[];
}

/** Whether an event of `practice.changes` is a practice_onboarded of version 1 with its lists. */
export function isPracticeOnboarded(event: unknown): event is PracticeOnboardedV1 {
  if (typeof event !== 'object' || event === null) return false;
  const candidate = event as Partial<PracticeOnboardedV1>;
  return (
    candidate.v === 1 &&
    candidate.type === 'practice_onboarded' &&
    typeof candidate.event_id === 'string' &&
    typeof candidate.practice_id === 'string' &&
    typeof candidate.website_url === 'string' &&
    Array.isArray(candidate.page_urls) &&
    candidate.page_urls.every((url) => typeof url === 'string') &&
    Array.isArray(candidate.procedure_keys) &&
    candidate.procedure_keys.every((key) => typeof key === 'string')
  );
}
