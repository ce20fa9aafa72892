import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CONFIG } from '../config/config';
import { rawFormOf } from '../errors/request-parsing';
import { TwilioSignatureMessages, verifyTwilioSignature } from './twilio-client';

/** The settings a service verifies Twilio's webhooks with (channelSettings). */
interface TwilioWebhookSettings {
  TWILIO_AUTH_TOKEN?: string;
  PUBLIC_BASE_URL: string;
}

/**
 * Twilio's webhooks are verified by the service that acts on them, not only by the gateway in front
 * (docs/decisions/0015-twilio-sms-channel.md): X-Twilio-Signature over PUBLIC_BASE_URL, the path and query as
 * received, and the form exactly as it was sent. A request without a form body, with a field repeated, unsigned or
 * signed with another token is refused with 403 — whoever can reach the service's port.
 */
@Injectable()
export class TwilioSignatureGuard implements CanActivate {
  constructor(@Inject(CONFIG) private readonly config: TwilioWebhookSettings) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const form = rawFormOf(request);
    const verified =
      form !== undefined &&
      verifyTwilioSignature({
        authToken: this.config.TWILIO_AUTH_TOKEN,
        publicBaseUrl: this.config.PUBLIC_BASE_URL,
        pathAndQuery: request.url,
        signature: request.headers['x-twilio-signature'],
        form,
      });
    if (!verified) throw new ForbiddenException(TwilioSignatureMessages.refused);
    return true;
  }
}
