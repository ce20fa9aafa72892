import { Inject, Injectable, Logger } from '@nestjs/common';
import { CONFIG, DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verify } from 'node:crypto';
import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { CalendarConfig } from '../config';
import type { GhlAppointment } from './ghl-api';
import { CalendarSyncQueue } from './sync-queue';

/** Where GoHighLevel posts its webhooks (public: the gateway forwards it without a bearer token). */
export const GHL_WEBHOOK_PATH = '/api/v1/calendar/webhooks/ghl';
/** HighLevel's signature header: base64 RSA-SHA256 of the raw body (its webhook authentication guide). */
export const GHL_SIGNATURE_HEADER = 'x-wh-signature';
const MAX_BODY_BYTES = 256 * 1024;

const rawBodies = new WeakMap<object, Buffer>();

/**
 * Keeps the exact bytes of a webhook to GHL_WEBHOOK_PATH (the signature is over them, not over a re-encoding);
 * the body is then parsed as usual.
 */
export function keepGhlWebhookBody(fastify: FastifyInstance): void {
  fastify.addHook('preParsing', async (request, _reply, payload) => {
    if (request.method !== 'POST' || request.url.split('?')[0] !== GHL_WEBHOOK_PATH) return payload;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += buffer.length;
      if (size > MAX_BODY_BYTES) break;
      chunks.push(buffer);
    }
    const raw = Buffer.concat(chunks);
    rawBodies.set(request, raw);
    const replay = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
    replay.receivedEncodedLength = size;
    return replay;
  });
}

export function rawBodyOf(request: FastifyRequest): Buffer | undefined {
  return rawBodies.get(request);
}

export enum GhlWebhookExceptionCode {
  BadSignature = 'GHL_WEBHOOK_BAD_SIGNATURE',
  Stale = 'GHL_WEBHOOK_STALE',
  Replayed = 'GHL_WEBHOOK_REPLAYED',
  Invalid = 'GHL_WEBHOOK_INVALID',
}

const kinds: DomainErrorKinds<GhlWebhookExceptionCode> = {
  [GhlWebhookExceptionCode.BadSignature]: DomainErrorKind.Unauthenticated,
  [GhlWebhookExceptionCode.Stale]: DomainErrorKind.Unauthenticated,
  [GhlWebhookExceptionCode.Replayed]: DomainErrorKind.Conflict,
  [GhlWebhookExceptionCode.Invalid]: DomainErrorKind.Invalid,
};

export const GhlWebhookMessages = {
  badSignature: 'The webhook signature is missing or does not verify',
  stale: 'The webhook timestamp is outside the accepted window',
  replayed: 'This webhook was already received',
  invalid: 'The webhook needs a webhookId, a timestamp and a locationId',
} as const;

export class GhlWebhookException extends DomainException<GhlWebhookExceptionCode> {
  constructor(code: GhlWebhookExceptionCode, detail: string) {
    super(code, detail, kinds[code]);
  }
}

const APPOINTMENT_EVENTS = ['AppointmentCreate', 'AppointmentUpdate', 'AppointmentDelete'];

/**
 * GoHighLevel's webhooks (docs/decisions/0022-ghl-calendar-sync.md): the signature over the raw body is
 * verified with HighLevel's public key (GHL_WEBHOOK_PUBLIC_KEY) before anything is read or stored; a timestamp
 * outside the window or a webhookId already received is refused; the location names the integration(s), and
 * appointment events are queued for the calendar-sync worker.
 */
@Injectable()
export class GhlWebhookService {
  private readonly logger = new Logger(GhlWebhookService.name);

  constructor(
    @Inject(CONFIG) private readonly config: CalendarConfig,
    private readonly dataSource: DataSource,
    private readonly queue: CalendarSyncQueue,
  ) {}

  verified(raw: Buffer | undefined, signature: string | undefined): boolean {
    const key = this.config.GHL_WEBHOOK_PUBLIC_KEY;
    if (!key || !raw || !signature || !/^[A-Za-z0-9+/=_-]{16,2048}$/.test(signature.trim())) return false;
    try {
      return verify('sha256', raw, key, Buffer.from(signature.trim(), 'base64'));
    } catch {
      return false;
    }
  }

  async receive(
    raw: Buffer | undefined,
    signature: string | undefined,
    body: unknown,
  ): Promise<{ queued: number }> {
    if (!this.verified(raw, signature))
      throw new GhlWebhookException(GhlWebhookExceptionCode.BadSignature, GhlWebhookMessages.badSignature);
    const payload = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const webhookId = typeof payload.webhookId === 'string' ? payload.webhookId.trim() : '';
    const locationId = typeof payload.locationId === 'string' ? payload.locationId.trim() : '';
    const timestamp = typeof payload.timestamp === 'string' ? Date.parse(payload.timestamp) : NaN;
    if (
      !webhookId ||
      webhookId.length > 200 ||
      !locationId ||
      locationId.length > 200 ||
      Number.isNaN(timestamp)
    )
      throw new GhlWebhookException(GhlWebhookExceptionCode.Invalid, GhlWebhookMessages.invalid);
    if (Math.abs(Date.now() - timestamp) > this.config.GHL_WEBHOOK_MAX_AGE_SECONDS * 1000)
      throw new GhlWebhookException(GhlWebhookExceptionCode.Stale, GhlWebhookMessages.stale);
    // Receipts older than twice the window cannot be replayed (the timestamp check refuses them first).
    await this.dataSource.query(`DELETE FROM "calendar"."ghl_webhook_receipts" WHERE "received_at" < $1`, [
      new Date(Date.now() - 2 * this.config.GHL_WEBHOOK_MAX_AGE_SECONDS * 1000),
    ]);
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO "calendar"."ghl_webhook_receipts" ("webhook_id", "location_id") VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING "webhook_id"`,
      [webhookId, locationId],
    );
    if (inserted.length === 0)
      throw new GhlWebhookException(GhlWebhookExceptionCode.Replayed, GhlWebhookMessages.replayed);
    const appointment = payload.appointment as GhlAppointment | undefined;
    if (
      !APPOINTMENT_EVENTS.includes(String(payload.type)) ||
      typeof appointment !== 'object' ||
      appointment === null ||
      typeof appointment.id !== 'string' ||
      !appointment.id
    )
      return { queued: 0 };
    const integrations: { calendar_integration_id: string }[] = await this.dataSource.query(
      `SELECT "calendar_integration_id" FROM "calendar"."calendar_integrations"
       WHERE "provider" = 'ghl' AND "status" = 'active' AND "provider_tenant_id" = $1`,
      [locationId],
    );
    for (const { calendar_integration_id: id } of integrations)
      await this.queue.add(
        {
          name: 'webhook-apply',
          data: { calendar_integration_id: id, deleted: payload.type === 'AppointmentDelete', appointment },
        },
        `webhook.${id}.${Buffer.from(webhookId).toString('base64url')}`,
      );
    if (integrations.length === 0) this.logger.log('A GoHighLevel webhook named no active integration');
    return { queued: integrations.length };
  }
}
