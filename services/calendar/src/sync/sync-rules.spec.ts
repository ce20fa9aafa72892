import { ghlBackoff } from './calendar-sync.processor';
import { GhlRetryable, retryAfterMs } from './ghl-api';
import { IncomingChange, phoneKey, planApply, statusFromGhl, statusToGhl, SyncedState } from './sync-rules';

const at = (iso: string) => new Date(iso);
const ours = (overrides: Partial<SyncedState> = {}): SyncedState => ({
  start_time: at('2026-12-01T15:00:00Z'),
  end_time: at('2026-12-01T15:30:00Z'),
  status: 'confirmed',
  is_editable: true,
  updated_at: at('2026-11-20T10:00:00Z'),
  synced_at: at('2026-11-20T10:00:00Z'),
  provider_updated_at: at('2026-11-20T10:00:01Z'),
  ...overrides,
});
const change = (overrides: Partial<Extract<IncomingChange, { deleted: false }>> = {}): IncomingChange => ({
  deleted: false,
  start: at('2026-12-02T15:00:00Z'),
  end: at('2026-12-02T15:30:00Z'),
  status: 'confirmed',
  updatedAt: at('2026-11-21T09:00:00Z'),
  ...overrides,
});

describe('the conflict rule (planApply)', () => {
  it('applies a later move made in GoHighLevel and announces it as rescheduled', () => {
    expect(planApply(ours(), change())).toEqual({
      apply: true,
      start: at('2026-12-02T15:00:00Z'),
      end: at('2026-12-02T15:30:00Z'),
      status: 'confirmed',
      event: 'appointment_rescheduled',
    });
  });

  it('announces a cancellation and a no-show by their own events, keeping the times', () => {
    const same = { start: at('2026-12-01T15:00:00Z'), end: at('2026-12-01T15:30:00Z') };
    expect(planApply(ours(), change({ ...same, status: 'cancelled' }))).toMatchObject({
      apply: true,
      event: 'appointment_cancelled',
    });
    expect(planApply(ours(), change({ ...same, status: 'no_show' }))).toMatchObject({
      apply: true,
      event: 'appointment_no_show',
    });
    expect(planApply(ours(), change({ ...same, status: 'pending' }))).toMatchObject({
      apply: true,
      event: null,
    });
  });

  it('drops a change not newer than the last one applied from GoHighLevel (late or repeated webhook)', () => {
    expect(planApply(ours(), change({ updatedAt: at('2026-11-20T10:00:01Z') }))).toEqual({
      apply: false,
      reason: 'stale',
    });
  });

  it('keeps our move not yet pushed over an older GoHighLevel edit, and takes a newer one', () => {
    const pending = ours({ updated_at: at('2026-11-22T08:00:00Z') });
    expect(planApply(pending, change({ updatedAt: at('2026-11-21T09:00:00Z') }))).toEqual({
      apply: false,
      reason: 'ours_pending',
    });
    expect(planApply(pending, change({ updatedAt: at('2026-11-22T08:00:01Z') }))).toMatchObject({
      apply: true,
    });
  });

  it('always takes GoHighLevel’s version of an external appointment', () => {
    const external = ours({ is_editable: false, synced_at: null, updated_at: at('2026-11-30T00:00:00Z') });
    expect(planApply(external, change())).toMatchObject({ apply: true, event: 'appointment_rescheduled' });
  });

  it('a deletion cancels once; an unchanged echo of our own push changes nothing', () => {
    expect(planApply(ours(), { deleted: true })).toMatchObject({ apply: true, status: 'cancelled' });
    expect(planApply(ours({ status: 'cancelled' }), { deleted: true })).toEqual({
      apply: false,
      reason: 'unchanged',
    });
    const echo = change({ start: at('2026-12-01T15:00:00Z'), end: at('2026-12-01T15:30:00Z') });
    expect(planApply(ours(), echo)).toEqual({ apply: false, reason: 'unchanged' });
  });
});

describe('statuses, phones, retry delays', () => {
  it('maps HighLevel statuses both ways', () => {
    expect(['new', 'confirmed', 'cancelled', 'showed', 'noshow', 'invalid'].map(statusFromGhl)).toEqual([
      'pending',
      'confirmed',
      'cancelled',
      'completed',
      'no_show',
      'cancelled',
    ]);
    expect(['pending', 'confirmed', 'cancelled', 'completed', 'no_show'].map(statusToGhl)).toEqual([
      'new',
      'confirmed',
      'cancelled',
      'showed',
      'noshow',
    ]);
  });

  it('compares phones by their last ten digits', () => {
    expect(phoneKey('+1 (214) 555-0106')).toBe('2145550106');
    expect(phoneKey('214.555.0106')).toBe('2145550106');
    expect(phoneKey('12')).toBeNull();
    expect(phoneKey(null)).toBeNull();
  });

  it('waits as long as Retry-After says, else backs off exponentially up to five minutes', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(Date.UTC(2030, 0, 1, 0, 0, 10)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(
      10_000,
    );
    expect(retryAfterMs(null)).toBeNull();
    expect(ghlBackoff(1, 'ghl', new GhlRetryable('429', 4000))).toBe(4000);
    expect([1, 2, 3].map((attempt) => ghlBackoff(attempt, 'ghl', new GhlRetryable('503', null)))).toEqual([
      1000, 2000, 4000,
    ]);
    expect(ghlBackoff(20, 'ghl', new Error('x'))).toBe(300_000);
  });
});
