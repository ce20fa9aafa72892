import { Body, Controller, Headers, Header, HttpCode, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@pp/platform';
import type { FastifyRequest } from 'fastify';
import { GHL_SIGNATURE_HEADER, GhlWebhookService, rawBodyOf } from './ghl-webhook';

@ApiTags('calendar')
@Controller('api/v1/calendar/webhooks')
export class GhlWebhookController {
  constructor(private readonly webhooks: GhlWebhookService) {}

  /** Public: GoHighLevel posts here; only a body signed with HighLevel's key is read. */
  @Public()
  @Post('ghl')
  @HttpCode(202)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'GoHighLevel appointment webhooks (AppointmentCreate/Update/Delete), signed' })
  @ApiAcceptedResponse({ description: '{queued}: how many integrations will apply it' })
  async ghl(
    @Req() request: FastifyRequest,
    @Headers(GHL_SIGNATURE_HEADER) signature: string | undefined,
    @Body() body: unknown,
  ) {
    return this.webhooks.receive(rawBodyOf(request), signature, body);
  }
}
