import { EventHeaders, Topics, TwilioWebhookReceivedV1 } from '@pp/contracts';
import type { DeferredTwilioWebhookKind } from '@pp/contracts';
import { KafkaProducer, OutgoingRecord } from '@pp/platform';
import { randomUUID } from 'node:crypto';

/**
 * An inbound SMS or a status callback that people cannot take is kept in Kafka by the gateway, and people takes it
 * from there when it is back (docs/product/channels.md#webhooks,
 * docs/decisions/0056-inbound-sms-kept-while-people-is-down.md). Twilio does not send an incoming-message webhook
 * again: answered 5xx, the patient's text would be lost.
 */

const DEFERRED_PATHS: Record<string, DeferredTwilioWebhookKind> = {
  '/api/v1/channels/twilio/sms': 'sms',
  '/api/v1/channels/twilio/status': 'status',
};

/** The webhook a path is, when the gateway may keep it in Kafka; null for any other (voice waits for TwiML). */
export function deferredWebhookKind(path: string): DeferredTwilioWebhookKind | null {
  return Object.hasOwn(DEFERRED_PATHS, path) ? DEFERRED_PATHS[path] : null;
}

/** How people failed to take a webhook: it could not be reached, dropped the connection, or did not answer in time. */
export type UpstreamFailure = 'unreachable' | 'reset' | 'timeout';

const FAILURES: Record<string, UpstreamFailure> = {
  ECONNREFUSED: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  ENOTFOUND: 'unreachable',
  EAI_AGAIN: 'unreachable',
  FST_REPLY_FROM_SERVICE_UNAVAILABLE: 'unreachable',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  UND_ERR_SOCKET: 'reset',
  UND_ERR_CLOSED: 'reset',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  FST_REPLY_FROM_GATEWAY_TIMEOUT: 'timeout',
  FST_REPLY_FROM_TIMEOUT: 'timeout',
};

/**
 * Why forwarding to people failed, from the error @fastify/reply-from reports (its own, or undici's as its
 * `cause`), when it means people could not take the webhook; null for any other error (answered 503 as before).
 */
export function upstreamFailure(error: unknown): UpstreamFailure | null {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && Object.hasOwn(FAILURES, code)) return FAILURES[code];
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** people answered that it cannot take requests now (a proxy's or its own 502, 503 or 504). */
export function isUnavailableStatus(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

/** A webhook as the gateway received and verified it. */
export interface ReceivedTwilioWebhook {
  kind: DeferredTwilioWebhookKind;
  /** PUBLIC_BASE_URL, the path and the query: what the signature was verified against. */
  url: string;
  form: string;
  signature: string;
  receivedAt: Date;
  correlationId?: string;
}

/**
 * The record of a webhook on gateway.twilio-webhooks, keyed by the practice's number (an SMS's `To`, a status
 * callback's `From`; the MessageSid when the form names neither), so one number's webhooks keep their order.
 */
export function deferredWebhookRecord(
  webhook: ReceivedTwilioWebhook,
  eventId: string = randomUUID(),
): OutgoingRecord {
  const fields = new URLSearchParams(webhook.form);
  const key =
    (webhook.kind === 'sms' ? fields.get('To') : fields.get('From')) ||
    fields.get('MessageSid') ||
    fields.get('SmsSid') ||
    '';
  const payload: TwilioWebhookReceivedV1 = {
    v: 1,
    event_id: eventId,
    type: 'twilio_webhook_received',
    occurred_at: webhook.receivedAt.toISOString(),
    kind: webhook.kind,
    url: webhook.url,
    form: webhook.form,
    signature: webhook.signature,
  };
  const headers: Record<string, string> = {
    [EventHeaders.eventId]: eventId,
    [EventHeaders.eventType]: payload.type,
  };
  if (webhook.correlationId) headers[EventHeaders.correlationId] = webhook.correlationId;
  return { topic: Topics.twilioWebhooks, key, value: JSON.stringify(payload), headers };
}

/** How long the gateway waits for Kafka to acknowledge a kept webhook before it answers 503 as before. */
export const DEFERRAL_ACK_TIMEOUT_MS = 3000;

/** Publishes a webhook to gateway.twilio-webhooks (acks=all); false when Kafka did not take it in time. */
export class TwilioWebhookDeferral {
  constructor(
    private readonly producer: Pick<KafkaProducer, 'send'>,
    private readonly ackTimeoutMs: number = DEFERRAL_ACK_TIMEOUT_MS,
  ) {}

  async keep(webhook: ReceivedTwilioWebhook): Promise<{ kept: boolean; eventId: string }> {
    const eventId = randomUUID();
    try {
      await this.producer.send([deferredWebhookRecord(webhook, eventId)], { timeoutMs: this.ackTimeoutMs });
      return { kept: true, eventId };
    } catch {
      return { kept: false, eventId };
    }
  }
}
