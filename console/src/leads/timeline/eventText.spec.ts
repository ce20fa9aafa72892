import type { TimelineEventDto } from '@pp/contracts';
import {
  fieldChangeText,
  formatDuration,
  humanise,
  messageDirection,
  readable,
  reasoningOf,
  safeHttpUrl,
} from './eventText';

const ev = (content_data: Record<string, unknown>, event_metadata: Record<string, unknown> = {}) =>
  ({ content_data, event_metadata }) as Pick<TimelineEventDto, 'content_data' | 'event_metadata'>;

describe('fieldChangeText', () => {
  it('says what changed, formatted, and who did it', () => {
    expect(
      fieldChangeText(
        ev(
          { field: 'primary_phone', old_value: '+12145550131', new_value: '+14695550100' },
          { performed_by_name: 'Dana Whitfield' },
        ),
      ),
    ).toBe('Phone changed from (214) 555-0131 to (469) 555-0100 by Dana Whitfield');
  });

  it('reads a first value as set and a removed one as cleared', () => {
    expect(fieldChangeText(ev({ field: 'primary_email', old_value: null, new_value: 'a@b.co' }))).toBe(
      'Email set to a@b.co',
    );
    expect(fieldChangeText(ev({ field: 'primary_email', old_value: 'a@b.co', new_value: null }))).toBe(
      'Email cleared',
    );
    expect(fieldChangeText(ev({ field: 'stage', old_value: 'Lead', new_value: 'Scheduled' }))).toBe(
      'Stage changed from Lead to Scheduled',
    );
  });
});

describe('reasoningOf', () => {
  it('finds the reasoning wherever the engine put it', () => {
    expect(reasoningOf(ev({}, { ai_reasoning: 'A' }))).toBe('A');
    expect(reasoningOf(ev({}, { orchestrator_decision: { reasoning: 'B' } }))).toBe('B');
    expect(reasoningOf(ev({}, { ai_content_analysis: { reasoning: 'C' } }))).toBe('C');
    expect(reasoningOf(ev({ reasoning: 'D' }))).toBe('D');
    expect(reasoningOf(ev({}, { ai_reasoning: '  ' }))).toBeNull();
  });
});

describe('safeHttpUrl', () => {
  it('keeps http(s) links only', () => {
    expect(safeHttpUrl('https://linkedin.com/in/sofia')).toBe('https://linkedin.com/in/sofia');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(safeHttpUrl('linkedin.com/in/sofia')).toBe('https://linkedin.com/in/sofia');
    expect(safeHttpUrl('ftp://files.example/x')).toBeNull();
    expect(safeHttpUrl('not a link')).toBeNull();
    expect(safeHttpUrl(42)).toBeNull();
  });
});

describe('small formats', () => {
  it('formats durations', () => {
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(312)).toBe('5m 12s');
    expect(formatDuration(3780)).toBe('1h 3m');
    expect(formatDuration(null)).toBe('');
  });

  it('humanises event types and tells the direction of messages', () => {
    expect(humanise('action_executed')).toBe('Action executed');
    expect(readable('opt_out')).toBe('Opt out');
    expect(readable('Lead replied STOP')).toBe('Lead replied STOP');
    expect(readable(null)).toBeNull();
    expect(messageDirection('sms_received')).toBe('inbound');
    expect(messageDirection('email_sent')).toBe('outbound');
  });
});
