import {
  applyEvent,
  channelOf,
  directionOf,
  IN_PROGRESS,
  isUnfinishedCall,
  rowOf,
  rowsOf,
  visibleRows,
  type LiveEventRow,
} from './liveEvents';
import { aLeadEvent } from './testKit';

describe('a live event row', () => {
  it('takes its channel from the event type, ignoring any other type', () => {
    expect(channelOf('phone_call_received')).toBe('phone');
    expect(channelOf('email_sent')).toBe('email');
    expect(channelOf('sms_received')).toBe('sms');
    expect(channelOf('webchat_message')).toBe('webchat');
    expect(channelOf('appointment_scheduled')).toBe('appointment');
    expect(channelOf('lead_created')).toBeNull();
    expect(channelOf('person_field_updated')).toBeNull();
    expect(rowOf(aLeadEvent('lead_created'))).toBeNull();
  });

  it('is outgoing for _sent types, unknown for appointments, incoming otherwise', () => {
    expect(directionOf('sms_sent', 'sms')).toBe('outgoing');
    expect(directionOf('sms_received', 'sms')).toBe('incoming');
    expect(directionOf('appointment_scheduled', 'appointment')).toBe('unknown');
  });

  it("is 'sent' or 'received', appointments taking the type without 'appointment_'", () => {
    expect(rowOf(aLeadEvent('email_sent'))?.status).toBe('sent');
    expect(rowOf(aLeadEvent('email_received'))?.status).toBe('received');
    expect(rowOf(aLeadEvent('appointment_rescheduled'))?.status).toBe('rescheduled');
  });

  it("starts a phone row 'In Progress', pulsing", () => {
    const row = rowOf(
      aLeadEvent('phone_call_received', { content_data: { call_sid: 'CA1' } }),
    ) as LiveEventRow;
    expect(row.status).toBe('In Progress');
    expect(row.call_sid).toBe('CA1');
    expect(isUnfinishedCall(row)).toBe(true);
  });

  it("shows a call staff logged by hand (no call_sid) as 'Logged', never pulsing", () => {
    const row = rowOf(
      aLeadEvent('phone_call_sent', { content_data: { notes: 'Left a voicemail', channel: 'phone' } }),
    ) as LiveEventRow;
    expect(row.status).toBe('Logged');
    expect(isUnfinishedCall(row)).toBe(false);
  });

  it('shows a call of the voice channel that already ended with how it ended, not pulsing', () => {
    const row = rowOf(
      aLeadEvent('phone_call_sent', { content_data: { call_sid: 'CA9', status: 'no-answer' } }),
    ) as LiveEventRow;
    expect(row.status).toBe('no-answer');
    expect(isUnfinishedCall(row)).toBe(false);
  });

  it('names the person and is only made for an event with a person_id', () => {
    expect(rowOf(aLeadEvent('sms_sent'))?.person).toEqual({ person_id: 'lead-1', name: 'Sofia Marquez' });
    expect(rowOf(aLeadEvent('sms_sent', { person_id: '' }))).toBeNull();
    expect(applyEvent([], aLeadEvent('sms_sent', { person_id: '' }))).toEqual([]);
  });
});

describe('the live event rows', () => {
  it('complete the phone row whose call_sid a phone_call_completed matches, with its time', () => {
    const started = aLeadEvent('phone_call_received', {
      content_data: { call_sid: 'CA1' },
      timestamp: '2026-11-24T10:00:00.000Z',
    });
    const other = aLeadEvent('phone_call_sent', { content_data: { call_sid: 'CA2' } });
    let rows = applyEvent(applyEvent([], started), other);
    rows = applyEvent(
      rows,
      aLeadEvent('phone_call_completed', {
        content_data: { call_sid: 'CA1' },
        timestamp: '2026-11-24T10:05:00.000Z',
      }),
    );
    expect(rows).toHaveLength(2);
    const call = rows.find((row) => row.call_sid === 'CA1') as LiveEventRow;
    expect(call.status).toBe('completed');
    expect(call.timestamp).toBe('2026-11-24T10:05:00.000Z');
    expect(isUnfinishedCall(call)).toBe(false);
    expect(rows.find((row) => row.call_sid === 'CA2')?.status).toBe(IN_PROGRESS);
  });

  it('add a completion that matches no row as a new, finished row', () => {
    const rows = applyEvent([], aLeadEvent('phone_call_completed', { content_data: { call_sid: 'CA9' } }));
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('completed');
  });

  it('put new rows on top, keep 100 and show 50', () => {
    let rows: LiveEventRow[] = [];
    for (let index = 0; index < 120; index++)
      rows = applyEvent(rows, aLeadEvent('sms_received', { event_id: `e-${index}` }));
    expect(rows).toHaveLength(100);
    expect(rows[0].id).toBe('e-119');
    expect(rows[99].id).toBe('e-20');
    const shown = visibleRows(rows);
    expect(shown).toHaveLength(50);
    expect(shown[49].id).toBe('e-70');
  });

  it('do not list the same event twice', () => {
    const event = aLeadEvent('sms_received');
    expect(applyEvent(applyEvent([], event), event)).toHaveLength(1);
  });

  it('build from the loaded events (newest first) oldest first, so completions find their calls', () => {
    const started = aLeadEvent('phone_call_received', { content_data: { call_sid: 'CA1' } });
    const completed = aLeadEvent('phone_call_completed', { content_data: { call_sid: 'CA1' } });
    const sms = aLeadEvent('sms_sent');
    const rows = rowsOf([sms, completed, started]);
    expect(rows.map((row) => [row.channel, row.status])).toEqual([
      ['sms', 'sent'],
      ['phone', 'completed'],
    ]);
  });
});
