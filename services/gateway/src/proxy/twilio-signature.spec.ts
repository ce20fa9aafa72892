import twilio from 'twilio';
import { isTwilioWebhook, verifyTwilioSignature } from './twilio-signature';

describe('Twilio webhook signatures', () => {
  const authToken = '0123456789abcdef0123456789abcdef';
  const publicBaseUrl = 'https://pilot.example.com';
  const params = { MessageSid: 'SM0123', From: '+12145550131', To: '+12145550100', Body: 'STOP' };
  const form = new URLSearchParams(params).toString();
  const signed = twilio.getExpectedTwilioSignature(
    authToken,
    `${publicBaseUrl}/api/v1/channels/twilio/sms`,
    params,
  );
  const check = (overrides: Partial<Parameters<typeof verifyTwilioSignature>[0]>) =>
    verifyTwilioSignature({
      authToken,
      publicBaseUrl,
      pathAndQuery: '/api/v1/channels/twilio/sms',
      signature: signed,
      form,
      ...overrides,
    });

  it("accepts Twilio's signature of the public URL and the form", () => {
    expect(check({})).toBe(true);
  });

  it('refuses a missing signature, a wrong one, a changed form, another path and an unconfigured token', () => {
    expect(check({ signature: undefined })).toBe(false);
    expect(check({ signature: 'bm90IGEgc2lnbmF0dXJl' })).toBe(false);
    expect(check({ form: form.replace('STOP', 'START') })).toBe(false);
    expect(check({ pathAndQuery: '/api/v1/channels/twilio/status' })).toBe(false);
    expect(check({ authToken: undefined })).toBe(false);
    expect(check({ authToken: 'another-token-0123456789abcdef' })).toBe(false);
  });

  it('knows the Twilio webhook paths', () => {
    expect(isTwilioWebhook('/api/v1/channels/twilio/sms')).toBe(true);
    expect(isTwilioWebhook('/api/v1/channels/twilio/status')).toBe(true);
    expect(isTwilioWebhook('/api/v1/people')).toBe(false);
  });
});
