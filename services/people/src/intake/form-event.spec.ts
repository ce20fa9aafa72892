import { eventText, eventTime, formFields, isFormSubmittedEvent } from './form-event';

const valid = {
  v: 1,
  type: 'form_submitted',
  event_id: '0b7c5f7e-3f8e-5a53-9f4c-0e2a8c2f6b11',
  practice_id: '6f1d2c1a-8d44-4a55-b7f1-5a3c3e9d2a10',
  tracking_event_id: 'a6c1e2d4-1111-4c3b-9a55-2f1e0d9c8b7a',
  fields: { name: 'Ana' },
};

describe('tracking.forms payloads', () => {
  it('accepts a form submission', () => {
    expect(isFormSubmittedEvent(valid)).toBe(true);
  });

  it('skips what could never be stored, so it cannot hold up the partition', () => {
    expect(isFormSubmittedEvent({ ...valid, type: 'pageview' })).toBe(false);
    expect(isFormSubmittedEvent({ ...valid, practice_id: 'glow' })).toBe(false);
    expect(isFormSubmittedEvent({ ...valid, event_id: 42 })).toBe(false);
    expect(isFormSubmittedEvent({ ...valid, tracking_event_id: '' })).toBe(false);
    expect(isFormSubmittedEvent({ ...valid, fields: ['Ana'] })).toBe(false);
    expect(isFormSubmittedEvent(null)).toBe(false);
  });

  it('reads fields as text, and times and texts with their fallbacks', () => {
    expect(formFields({ a: 'x', b: 3, c: null, d: true })).toEqual({ a: 'x', b: '3', c: '', d: 'true' });
    const fallback = new Date('2030-01-01T00:00:00.000Z');
    expect(eventTime('2030-05-01T12:00:00.000Z', fallback).toISOString()).toBe('2030-05-01T12:00:00.000Z');
    expect(eventTime('yesterday', fallback)).toBe(fallback);
    expect(eventTime(undefined, fallback)).toBe(fallback);
    expect(eventText('')).toBeNull();
    expect(eventText(5)).toBeNull();
    expect(eventText('https://x.example')).toBe('https://x.example');
  });
});
