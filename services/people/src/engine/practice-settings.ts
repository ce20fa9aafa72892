import type { BusinessHours } from '@pp/contracts';
import type { EntityManager } from 'typeorm';
import { cityOfAddress, matchesLocation } from '../intake/submission-rules';

export type AutomationLevel = 'manual' | 'semi_auto' | 'full_auto';

/** A location as the engine needs it: its zone and hours, for timing; its name, phone and address for drafts. */
export interface EngineLocation {
  location_id: string;
  name: string;
  timezone: string;
  is_primary: boolean;
  is_active: boolean;
  business_hours: BusinessHours | null;
  phone: string | null;
  address: string | null;
}

/** What the engine needs of a practice (docs/product/settings.md#automation-level, #channel-availability). */
export interface EnginePractice {
  practice_id: string;
  name: string;
  automation_level: AutomationLevel;
  /** Outreach channels the practice enabled (outreach_preferences.channels.*.enabled). */
  channels: { sms: boolean; email: boolean; phone: boolean };
  /** Active locations, primary first. */
  locations: EngineLocation[];
}

/**
 * Where the engine reads a practice's settings: people's read model of `practice.changes`
 * (PracticeReadModel). Abstract so that tests can give a practice directly.
 */
export abstract class PracticeSettings {
  /**
   * The practice's settings. Inside a transaction pass its manager: a read on another pool connection while the
   * transaction holds a connection (and locks) can starve the pool when every connection does the same.
   */
  abstract practice(practiceId: string, manager?: EntityManager): Promise<EnginePractice | null>;
}

export const AUTOMATION_LEVELS: readonly AutomationLevel[] = ['manual', 'semi_auto', 'full_auto'];

/** The practice's automation level as stored, semi_auto (the product's default) when unknown. */
export function automationLevel(value: unknown): AutomationLevel {
  return AUTOMATION_LEVELS.includes(value as AutomationLevel) ? (value as AutomationLevel) : 'semi_auto';
}

/** Enabled outreach channels from outreach_preferences: everything on unless switched off. */
export function enabledChannels(preferences: unknown): EnginePractice['channels'] {
  const prefs = (preferences ?? {}) as {
    enabled?: unknown;
    channels?: Record<string, { enabled?: unknown }>;
  };
  if (prefs.enabled === false) return { sms: false, email: false, phone: false };
  const on = (name: string) => prefs.channels?.[name]?.enabled !== false;
  return { sms: on('sms'), email: on('email'), phone: on('phone') };
}

/**
 * What a channel needs besides its switch (docs/product/settings.md#channel-availability): the practice's
 * active default number (assignment_type practice_default) with sms or voice capability, and an active e-mail
 * account. `sandboxMailbox`: no e-mail provider is configured, so no mailbox can be connected and the sandbox
 * stands in for it (docs/decisions/0019-ai-communications.md).
 */
export interface ChannelPrerequisites {
  defaultNumber: { sms: boolean; voice: boolean } | null;
  activeEmailAccount: boolean;
  sandboxMailbox: boolean;
}

/**
 * The channels the engine may use: the Enable Communication switch on, the channel switched on, and what the
 * channel needs present. A practice may save a channel on before it can use it; the engine still does not.
 */
export function usableChannels(
  preferences: unknown,
  prerequisites: ChannelPrerequisites,
): EnginePractice['channels'] {
  const enabled = enabledChannels(preferences);
  const number = prerequisites.defaultNumber;
  return {
    sms: enabled.sms && number?.sms === true,
    phone: enabled.phone && number?.voice === true,
    email: enabled.email && (prerequisites.activeEmailAccount || prerequisites.sandboxMailbox),
  };
}

/** The location a lead's time and prices follow: the matched one, else the primary, else the first. */
export function leadLocation(practice: EnginePractice, locationId: string | null): EngineLocation | null {
  const active = practice.locations.filter((l) => l.is_active);
  return (
    active.find((l) => l.location_id === locationId) ??
    active.find((l) => l.is_primary) ??
    active[0] ??
    practice.locations[0] ??
    null
  );
}

/**
 * The active location a form's location field names (its name, else its city, as intake's location filtering
 * reads it); null when it names none, or a city several locations share.
 */
export function locationNamed(practice: EnginePractice, preference: string | null): EngineLocation | null {
  if (!preference?.trim()) return null;
  const active = practice.locations.filter((l) => l.is_active);
  const byName = active.filter((l) => matchesLocation(preference, [{ name: l.name, city: null }]));
  if (byName.length === 1) return byName[0];
  const byCity = active.filter((l) =>
    matchesLocation(preference, [{ name: '', city: cityOfAddress(l.address) }]),
  );
  return byCity.length === 1 ? byCity[0] : null;
}
