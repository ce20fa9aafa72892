import twilio from 'twilio';
import { DeferredWebhookDrops, readDeferredWebhook } from './deferred-webhook';

describe('a Twilio webhook the gateway kept in Kafka, read by people', () => {
  const settings = {
    TWILIO_AUTH_TOKEN: '0123456789abcdef0123456789abcdef',
    PUBLIC_BASE_URL: 'https://pilot.example.com',
  };
  const params = { MessageSid: 'SM0123', From: '+12145550131', To: '+12145550100', Body: 'Hi, é 😀 & more' };
  const sign = (url: string, fields: Record<string, string>, token = settings.TWILIO_AUTH_TOKEN) =>
    twilio.getExpectedTwilioSignature(token, url, fields);
  const smsUrl = `${settings.PUBLIC_BASE_URL}/api/v1/channels/twilio/sms`;
  const record = (overrides: Record<string, unknown> = {}) => ({
    v: 1,
    event_id: '0b6c3c52-5c1e-4a51-9a53-8c0c2f5f0d11',
    type: 'twilio_webhook_received',
    occurred_at: '2026-11-25T12:00:00.000Z',
    kind: 'sms',
    url: smsUrl,
    form: new URLSearchParams(params).toString(),
    signature: sign(smsUrl, params),
    ...overrides,
  });

  it('verifies and parses a webhook signed by Twilio for this service, as the route would', () => {
    expect(readDeferredWebhook(record(), settings)).toEqual({ kind: 'sms', form: params });
  });

  it('keeps the query of the URL Twilio posted to, which it signed', () => {
    const url = `${settings.PUBLIC_BASE_URL}/api/v1/channels/twilio/status?attempt=1`;
    const status = { MessageSid: 'SM0999', MessageStatus: 'delivered' };
    const read = readDeferredWebhook(
      record({
        kind: 'status',
        url,
        form: new URLSearchParams(status).toString(),
        signature: sign(url, status),
      }),
      settings,
    );
    expect(read).toEqual({ kind: 'status', form: status });
  });

  it('drops a record whose signature does not verify: changed form, other token, none configured', () => {
    const changed = new URLSearchParams({ ...params, Body: 'something else' }).toString();
    expect(readDeferredWebhook(record({ form: changed }), settings)).toEqual({
      dropped: DeferredWebhookDrops.badSignature,
    });
    expect(
      readDeferredWebhook(
        record({ signature: sign(smsUrl, params, 'another-token-0123456789abcdef') }),
        settings,
      ),
    ).toEqual({ dropped: DeferredWebhookDrops.badSignature });
    expect(readDeferredWebhook(record(), { ...settings, TWILIO_AUTH_TOKEN: undefined })).toEqual({
      dropped: DeferredWebhookDrops.badSignature,
    });
  });

  it('drops a form with a field repeated, which a signature and a parser could read differently', () => {
    const form = `${new URLSearchParams(params).toString()}&Body=again`;
    expect(readDeferredWebhook(record({ form }), settings)).toEqual({
      dropped: DeferredWebhookDrops.badSignature,
    });
  });

  it("drops a webhook signed for another URL than this service's URL of that kind, validly signed or not", () => {
    const voice = `${settings.PUBLIC_BASE_URL}/api/v1/channels/twilio/voice`;
    const elsewhere = 'https://attacker.example.com/api/v1/channels/twilio/sms';
    for (const url of [voice, elsewhere, `${smsUrl}/x`, `${smsUrl}x`]) {
      expect(readDeferredWebhook(record({ url, signature: sign(url, params) }), settings)).toEqual({
        dropped: DeferredWebhookDrops.otherUrl,
      });
    }
    // An SMS signed for the status URL is not a status callback of this kind's URL either.
    const statusUrl = `${settings.PUBLIC_BASE_URL}/api/v1/channels/twilio/status`;
    expect(
      readDeferredWebhook(record({ url: statusUrl, signature: sign(statusUrl, params) }), settings),
    ).toEqual({ dropped: DeferredWebhookDrops.otherUrl });
  });

  it('drops a form over 64 KiB, like the webhook route', () => {
    const big = { ...params, Body: 'x'.repeat(64 * 1024) };
    const form = new URLSearchParams(big).toString();
    expect(readDeferredWebhook(record({ form, signature: sign(smsUrl, big) }), settings)).toEqual({
      dropped: DeferredWebhookDrops.tooLarge,
    });
  });

  it('drops a signed form the request parser refuses (a NUL in a field)', () => {
    const nul = { ...params, Body: 'a\u0000b' };
    const read = readDeferredWebhook(
      record({ form: new URLSearchParams(nul).toString(), signature: sign(smsUrl, nul) }),
      settings,
    );
    expect(read).toHaveProperty('dropped');
    expect(JSON.stringify(read)).not.toContain(params.From);
  });

  it('drops what is not a record of the topic: another version, type or kind, missing fields, not an object', () => {
    for (const value of [
      record({ v: 2 }),
      record({ type: 'lead_created' }),
      record({ kind: 'voice' }),
      record({ signature: undefined }),
      record({ form: 42 }),
      null,
      'text',
      [],
    ]) {
      expect(readDeferredWebhook(value, settings)).toEqual({ dropped: DeferredWebhookDrops.notARecord });
    }
  });
});
