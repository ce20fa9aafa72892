import type { AppointmentEventType } from '@pp/contracts';
import type { GhlAppointmentStatus } from './ghl-api';

/**
 * How HighLevel's appointment statuses read here and back (docs/decisions/0022-ghl-calendar-sync.md): `new` is
 * pending, `noshow` no_show, `showed` completed, `invalid` cancelled (HighLevel's "invalid" booking is void).
 */
export function statusFromGhl(status: unknown): string {
  switch (status) {
    case 'new':
      return 'pending';
    case 'cancelled':
    case 'invalid':
      return 'cancelled';
    case 'noshow':
      return 'no_show';
    case 'showed':
      return 'completed';
    default:
      return 'confirmed';
  }
}

export function statusToGhl(status: string): GhlAppointmentStatus {
  switch (status) {
    case 'pending':
      return 'new';
    case 'cancelled':
      return 'cancelled';
    case 'no_show':
      return 'noshow';
    case 'completed':
      return 'showed';
    default:
      return 'confirmed';
  }
}

/** What we hold of a synced appointment when a change comes from HighLevel. */
export interface SyncedState {
  start_time: Date;
  end_time: Date;
  status: string;
  /** Ours (booked here, or a lead's) rather than external. */
  is_editable: boolean;
  updated_at: Date;
  /** The `updated_at` last pushed; earlier than `updated_at` means a change here waits for its push. */
  synced_at: Date | null;
  /** HighLevel's `dateUpdated` of the last change applied from there. */
  provider_updated_at: Date | null;
}

/** A change from HighLevel: the appointment as it now is there, or its deletion. */
export type IncomingChange =
  { deleted: true } | { deleted: false; start: Date; end: Date; status: string; updatedAt: Date };

export type ApplyPlan =
  | { apply: false; reason: 'unchanged' | 'stale' | 'ours_pending' }
  | {
      apply: true;
      start: Date;
      end: Date;
      status: string;
      /** The event to announce on calendar.appointments, if any. */
      event: AppointmentEventType | null;
    };

/**
 * The conflict rule (docs/decisions/0022-ghl-calendar-sync.md#the-conflict-rule):
 * - a deletion in HighLevel always cancels ours (once);
 * - a change older than (or as old as) the last one already applied from HighLevel is stale (a late or repeated
 *   webhook, or a pull that read before it);
 * - for an appointment of ours with a change here not yet pushed, the later writer wins: HighLevel's `dateUpdated`
 *   against our `updated_at`; when ours is later, HighLevel's change is dropped and our push overwrites it;
 * - otherwise (external appointments always) HighLevel's version is taken.
 */
export function planApply(current: SyncedState, incoming: IncomingChange): ApplyPlan {
  if (incoming.deleted) {
    if (current.status === 'cancelled') return { apply: false, reason: 'unchanged' };
    return {
      apply: true,
      start: current.start_time,
      end: current.end_time,
      status: 'cancelled',
      event: 'appointment_cancelled',
    };
  }
  if (current.provider_updated_at && incoming.updatedAt.getTime() <= current.provider_updated_at.getTime())
    return { apply: false, reason: 'stale' };
  const pendingHere =
    current.is_editable &&
    (current.synced_at === null || current.updated_at.getTime() > current.synced_at.getTime());
  if (pendingHere && incoming.updatedAt.getTime() <= current.updated_at.getTime())
    return { apply: false, reason: 'ours_pending' };
  const moved =
    incoming.start.getTime() !== current.start_time.getTime() ||
    incoming.end.getTime() !== current.end_time.getTime();
  const statusChanged = incoming.status !== current.status;
  if (!moved && !statusChanged) return { apply: false, reason: 'unchanged' };
  let event: AppointmentEventType | null = null;
  if (statusChanged && incoming.status === 'cancelled') event = 'appointment_cancelled';
  else if (statusChanged && incoming.status === 'no_show') event = 'appointment_no_show';
  else if (moved && incoming.status !== 'cancelled') event = 'appointment_rescheduled';
  return { apply: true, start: incoming.start, end: incoming.end, status: incoming.status, event };
}

/** Digits of a phone number, the last ten when longer (a leading country code 1 is ignored). */
export function phoneKey(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length < 7) return null;
  return digits.length > 10 ? digits.slice(-10) : digits;
}
