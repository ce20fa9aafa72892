import { randomBytes } from 'node:crypto';

/** An inbound SMS webhook's form as Twilio posts it: a new MessageSid each time, from a lead to the practice's number. */
export function inboundSmsForm(from: string, to: string, body: string): Record<string, string> {
  const sid = `SM${randomBytes(16).toString('hex')}`;
  return {
    MessageSid: sid,
    SmsSid: sid,
    AccountSid: `AC${'0'.repeat(32)}`,
    From: from,
    To: to,
    Body: body,
  };
}
