import { Body, Controller, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, EMPTY_TWIML, Public, TwilioSignatureGuard } from '@pp/platform';
import type { FastifyReply } from 'fastify';
import { TwilioForm, TwilioInboundService } from './twilio-inbound.service';

/**
 * Twilio's webhooks, public behind the gateway. The gateway verifies X-Twilio-Signature before forwarding them, and
 * so does this service, over the form exactly as it was sent (TwilioSignatureGuard): a post straight to its port
 * without Twilio's signature is refused (docs/decisions/0015-twilio-sms-channel.md).
 */
@ApiTags('channels')
@UseGuards(TwilioSignatureGuard)
@Controller('api/v1/channels/twilio')
export class TwilioWebhooksController {
  constructor(private readonly inbound: TwilioInboundService) {}

  @Post('sms')
  @Public()
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({ summary: 'An inbound SMS to a practice number (Twilio webhook, signed)' })
  @ApiOkResponse({ description: 'Empty TwiML' })
  @ApiErrors(403, 404, 422)
  async sms(@Body() form: TwilioForm, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    await this.inbound.receiveSms(form ?? {});
    return twiml(reply);
  }

  @Post('status')
  @Public()
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({ summary: "An outbound SMS's status changed (Twilio status callback, signed)" })
  @ApiOkResponse({ description: 'Empty TwiML' })
  @ApiErrors(403, 422)
  async status(@Body() form: TwilioForm, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    await this.inbound.statusChanged(form ?? {});
    return twiml(reply);
  }
}

/** Only a success is TwiML: an error keeps the {"detail"} JSON body of every error. */
function twiml(reply: FastifyReply): string {
  void reply.header('content-type', 'text/xml; charset=utf-8');
  return EMPTY_TWIML;
}
