import { messageStatus, nextStatus } from './message-status';

describe('SMS delivery status', () => {
  it("moves forward with Twilio's callbacks", () => {
    expect(nextStatus('queued', 'sent')).toBe('sent');
    expect(nextStatus('sent', 'delivered')).toBe('delivered');
    expect(nextStatus('sent', 'undelivered')).toBe('undelivered');
    expect(nextStatus(undefined, 'failed')).toBe('failed');
  });

  it('never moves back when callbacks arrive out of order, and ignores a repeat', () => {
    expect(nextStatus('delivered', 'sent')).toBeNull();
    expect(nextStatus('failed', 'queued')).toBeNull();
    expect(nextStatus('sent', 'sent')).toBeNull();
  });

  it('shows only the statuses the timeline knows', () => {
    expect(messageStatus('delivered')).toBe('delivered');
    expect(messageStatus('sending')).toBeNull();
    expect(messageStatus('read')).toBeNull();
    expect(messageStatus(42)).toBeNull();
  });
});
