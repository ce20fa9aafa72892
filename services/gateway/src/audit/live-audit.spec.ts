import type { AuditRecord } from './audit-entry';
import { LIVE_REMEMBERED_MAX, LiveViewer, LiveViewLedger } from './live-audit';
import type { AuditWriter } from './audit-writer';

const LEAD = '6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
const OTHER = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const PERIOD = 15 * 60_000;

describe('which live pushes make an audit entry', () => {
  it('makes one per lead per period, however many events a burst brings', () => {
    const ledger = new LiveViewLedger(PERIOD);
    expect(ledger.due(LEAD, 0)).toBe(true);
    ledger.note(LEAD, 0);
    expect(ledger.due(LEAD, 1)).toBe(false);
    expect(ledger.due(LEAD, PERIOD - 1)).toBe(false);
    expect(ledger.due(OTHER, 1)).toBe(true);
    expect(ledger.due(LEAD, PERIOD)).toBe(true);
  });

  it('remembers a bounded number of leads, forgetting those past their period first', () => {
    const ledger = new LiveViewLedger(PERIOD);
    ledger.note(LEAD, 0);
    for (let index = 0; index < LIVE_REMEMBERED_MAX; index++) ledger.note(`lead-${index}`, PERIOD + index);
    expect(ledger.size).toBe(LIVE_REMEMBERED_MAX);
    expect(ledger.due(LEAD, PERIOD + LIVE_REMEMBERED_MAX)).toBe(true);
    expect(ledger.due('lead-0', PERIOD + LIVE_REMEMBERED_MAX)).toBe(false);
    // Past the bound within the period, the oldest is forgotten: one more entry, never one fewer.
    ledger.note('one-more', PERIOD + LIVE_REMEMBERED_MAX);
    expect(ledger.size).toBe(LIVE_REMEMBERED_MAX);
    expect(ledger.due('lead-0', PERIOD + LIVE_REMEMBERED_MAX)).toBe(true);
  });
});

describe("a live connection's viewer", () => {
  const base = {
    practice_id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
    user_id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
    user_email: 'front-desk@glow.example',
    action: 'live.lead_update' as const,
    resource_type: 'lead' as const,
    status: 200,
    client_ip: '198.51.100.23',
    user_agent: 'FrontDesk/1.0',
    correlation_id: 'connection-1',
  };

  function viewerWith(accepting: () => boolean) {
    const added: AuditRecord[] = [];
    let now = 1_000;
    const writer = { accepting, add: (records: AuditRecord[]) => added.push(...records) };
    const viewer = new LiveViewer(writer as unknown as AuditWriter, base, PERIOD, () => now);
    return { viewer, added, advance: (ms: number) => (now += ms) };
  }

  it('files the lead it pushes, in the connection’s practice, with no content', () => {
    const { viewer, added, advance } = viewerWith(() => true);
    for (let event = 0; event < 50; event++) expect(viewer.pushing(LEAD)).toBe(true);
    expect(viewer.pushing(OTHER)).toBe(true);
    advance(PERIOD);
    expect(viewer.pushing(LEAD)).toBe(true);
    expect(added).toEqual([
      { ...base, occurred_at: new Date(1_000), resource_id: LEAD, lead_id: LEAD },
      { ...base, occurred_at: new Date(1_000), resource_id: OTHER, lead_id: OTHER },
      { ...base, occurred_at: new Date(1_000 + PERIOD), resource_id: LEAD, lead_id: LEAD },
    ]);
  });

  it('withholds a push whose entry the audit log cannot take, and files it once it can', () => {
    let accepting = false;
    const { viewer, added } = viewerWith(() => accepting);
    expect(viewer.pushing(LEAD)).toBe(false);
    expect(added).toEqual([]);
    accepting = true;
    expect(viewer.pushing(LEAD)).toBe(true);
    accepting = false;
    // Covered by the entry of this period.
    expect(viewer.pushing(LEAD)).toBe(true);
    expect(added.map((record) => record.lead_id)).toEqual([LEAD]);
  });

  it('keeps an id that is not a UUID out of the entry', () => {
    const { viewer, added } = viewerWith(() => true);
    viewer.pushing("' OR 1=1");
    expect(added.map((record) => [record.resource_id, record.lead_id])).toEqual([[null, null]]);
  });
});
