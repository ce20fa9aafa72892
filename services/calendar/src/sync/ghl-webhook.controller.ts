import { Body, Controller, Header, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiHeader, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiErrors, Public } from '@pp/platform';
import type { FastifyRequest } from 'fastify';
import { GHL_SIGNATURE_HEADER, GhlWebhookService, rawBodyOf } from './ghl-webhook';

export class GhlWebhookAccepted {
  @ApiProperty({ description: 'How many active GoHighLevel integrations (of that location) will apply it' })
  queued: number;
}

/** GoHighLevel's appointment webhooks (docs/decisions/0022-ghl-calendar-sync.md). */
@ApiTags('calendar integrations')
@Controller('api/v1/calendar/webhooks')
export class GhlWebhookController {
  constructor(private readonly webhooks: GhlWebhookService) {}

  /** Public: GoHighLevel posts here; only a body signed with HighLevel's key is read. */
  @Public()
  @Post('ghl')
  @HttpCode(202)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'GoHighLevel appointment webhooks (AppointmentCreate/Update/Delete), signed by HighLevel',
  })
  @ApiHeader({ name: GHL_SIGNATURE_HEADER, description: 'base64 RSA-SHA256 of the raw body', required: true })
  @ApiAcceptedResponse({ type: GhlWebhookAccepted })
  @ApiErrors(401, 409, 422)
  async ghl(
    @Req() request: FastifyRequest,
    @Headers(GHL_SIGNATURE_HEADER) signature: string | undefined,
    @Body() body: unknown,
  ): Promise<GhlWebhookAccepted> {
    return this.webhooks.receive(rawBodyOf(request), signature, body);
  }
}
