import { Topics, TwilioWebhookReceivedV1 } from '@pp/contracts';
import { KafkaSendTimeout, OutgoingRecord } from '@pp/platform';
import {
  deferredWebhookKind,
  deferredWebhookRecord,
  isUnavailableStatus,
  TwilioWebhookDeferral,
  upstreamFailure,
} from './twilio-deferral';

/** reply-from's own error for an upstream it cannot reach (the library's class: its code is its to spell). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ServiceUnavailableError } = require('@fastify/reply-from/lib/errors') as {
  ServiceUnavailableError: new () => Error & { code: string };
};

/** An error as @fastify/reply-from hands it to onError: its own code, undici's error as the cause. */
const replyFromError = (code: string, cause?: { code: string }) =>
  Object.assign(new Error(code), { code, ...(cause ? { cause: Object.assign(new Error(), cause) } : {}) });

describe('which Twilio webhooks the gateway keeps in Kafka', () => {
  it('keeps the inbound SMS and the status callback, never a voice webhook or another path', () => {
    expect(deferredWebhookKind('/api/v1/channels/twilio/sms')).toBe('sms');
    expect(deferredWebhookKind('/api/v1/channels/twilio/status')).toBe('status');
    for (const path of [
      '/api/v1/channels/twilio/voice',
      '/api/v1/channels/twilio/voice/status',
      '/api/v1/channels/twilio/sms/extra',
      '/api/v1/people',
      'constructor',
    ]) {
      expect(deferredWebhookKind(path)).toBeNull();
    }
  });
});

describe('which failures to reach people mean it cannot take the webhook', () => {
  it('reads a refused connection, which reply-from reports as an internal error caused by it', () => {
    expect(
      upstreamFailure(replyFromError('FST_REPLY_FROM_INTERNAL_SERVER_ERROR', { code: 'ECONNREFUSED' })),
    ).toBe('unreachable');
    expect(upstreamFailure(new ServiceUnavailableError())).toBe('unreachable');
    expect(
      upstreamFailure(replyFromError('FST_REPLY_FROM_INTERNAL_SERVER_ERROR', { code: 'EAI_AGAIN' })),
    ).toBe('unreachable');
  });

  it('reads a connection reset or closed mid-request as reset', () => {
    expect(upstreamFailure(replyFromError('ECONNRESET'))).toBe('reset');
    expect(upstreamFailure(replyFromError('UND_ERR_SOCKET'))).toBe('reset');
    expect(upstreamFailure(replyFromError('FST_REPLY_FROM_INTERNAL_SERVER_ERROR', { code: 'EPIPE' }))).toBe(
      'reset',
    );
  });

  it('reads a connect or answer timeout as timeout', () => {
    expect(
      upstreamFailure(replyFromError('FST_REPLY_FROM_GATEWAY_TIMEOUT', { code: 'UND_ERR_HEADERS_TIMEOUT' })),
    ).toBe('timeout');
    expect(upstreamFailure(replyFromError('UND_ERR_CONNECT_TIMEOUT'))).toBe('timeout');
  });

  it('does not read any other error as one (answered 503 as before)', () => {
    expect(upstreamFailure(replyFromError('FST_REPLY_FROM_INTERNAL_SERVER_ERROR'))).toBeNull();
    expect(upstreamFailure(replyFromError('FST_REPLY_FROM_BAD_GATEWAY'))).toBeNull();
    expect(upstreamFailure(new Error('boom'))).toBeNull();
    expect(upstreamFailure(undefined)).toBeNull();
    expect(upstreamFailure({ code: 42 })).toBeNull();
  });

  it('reads 502, 503 and 504 answered by people as unavailable, and no other status', () => {
    expect([502, 503, 504].map(isUnavailableStatus)).toEqual([true, true, true]);
    expect([200, 403, 404, 413, 422, 429, 500, 501, 505].map(isUnavailableStatus)).toEqual(
      Array(9).fill(false),
    );
  });
});

describe('the record of a kept webhook', () => {
  const form = new URLSearchParams({
    MessageSid: 'SM0123',
    From: '+12145550131',
    To: '+12145550100',
    Body: 'Is Botox safe while breastfeeding?',
  }).toString();
  const webhook = {
    kind: 'sms' as const,
    url: 'https://pilot.example.com/api/v1/channels/twilio/sms',
    form,
    signature: 'c2lnbmF0dXJl',
    receivedAt: new Date('2026-11-25T12:00:00Z'),
    correlationId: 'corr-1',
  };

  it('carries the request exactly as received, on gateway.twilio-webhooks', () => {
    const record = deferredWebhookRecord(webhook, 'e1');
    expect(record.topic).toBe(Topics.twilioWebhooks);
    expect(JSON.parse(record.value)).toEqual({
      v: 1,
      event_id: 'e1',
      type: 'twilio_webhook_received',
      occurred_at: '2026-11-25T12:00:00.000Z',
      kind: 'sms',
      url: webhook.url,
      form,
      signature: 'c2lnbmF0dXJl',
    } satisfies TwilioWebhookReceivedV1);
    expect(record.headers).toEqual({
      event_id: 'e1',
      event_type: 'twilio_webhook_received',
      correlation_id: 'corr-1',
    });
  });

  it("is keyed by the practice's number: an SMS's To, a status callback's From, else the MessageSid", () => {
    expect(deferredWebhookRecord(webhook).key).toBe('+12145550100');
    const status = new URLSearchParams({ MessageSid: 'SM9', From: '+12145550100', To: '+12145550131' });
    expect(deferredWebhookRecord({ ...webhook, kind: 'status', form: status.toString() }).key).toBe(
      '+12145550100',
    );
    expect(deferredWebhookRecord({ ...webhook, kind: 'status', form: 'MessageSid=SM9' }).key).toBe('SM9');
    expect(deferredWebhookRecord({ ...webhook, form: '' }).key).toBe('');
  });
});

describe('keeping a webhook in Kafka', () => {
  const webhook = {
    kind: 'status' as const,
    url: 'https://pilot.example.com/api/v1/channels/twilio/status',
    form: 'MessageSid=SM1&MessageStatus=delivered',
    signature: 'c2ln',
    receivedAt: new Date('2026-11-25T12:00:00Z'),
  };

  it('is kept once Kafka acknowledged it, with the time allowed', async () => {
    const sent: { records: OutgoingRecord[]; options: unknown }[] = [];
    const deferral = new TwilioWebhookDeferral(
      { send: async (records, options) => void sent.push({ records, options }) },
      1234,
    );
    const result = await deferral.keep(webhook);
    expect(result.kept).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0].options).toEqual({ timeoutMs: 1234 });
    expect(JSON.parse(sent[0].records[0].value).event_id).toBe(result.eventId);
  });

  it('is not kept when Kafka refuses or does not acknowledge in time (the gateway then answers 503)', async () => {
    for (const failure of [new KafkaSendTimeout(1234), new Error('broker down')]) {
      const deferral = new TwilioWebhookDeferral({ send: () => Promise.reject(failure) });
      expect((await deferral.keep(webhook)).kept).toBe(false);
    }
  });
});
