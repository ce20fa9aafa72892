import { Body, Controller, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, Public } from '@pp/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DemoService } from '../demo.service';
import { DemoPhoneDto } from './demo-phone.dto';
import { DemoVoiceService, TwilioWebhook } from './demo-voice.service';

/**
 * The voice demo (docs/product/onboarding.md#voice-demo): the prospect's number and the call, public like the
 * rest of the demo; and the call's Twilio webhooks, public and verified here (X-Twilio-Signature).
 */
@ApiTags('onboarding')
@Controller('api/v1/voice/demo')
export class DemoVoiceController {
  constructor(
    private readonly demos: DemoService,
    private readonly voice: DemoVoiceService,
  ) {}

  @Post(':id/phone')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'The number the demo calls (one per demo, validated, E.164 back)' })
  @ApiBody({ type: DemoPhoneDto })
  @ApiErrors(404, 409, 422)
  async phone(
    @Param('id') id: string,
    @Body() dto: DemoPhoneDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ phone_number: string }> {
    void reply.header('Cache-Control', 'no-store');
    return this.voice.setPhone(this.demos.sessionId(id), dto);
  }

  @Post(':id/call')
  @Public()
  @HttpCode(202)
  @ApiOperation({
    summary:
      "Call the demo's number now: through Twilio, or the sandbox without an account (status says which)",
  })
  @ApiErrors(404, 409, 503)
  async call(
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ call_id: string; status: 'queued' | 'sandbox' }> {
    void reply.header('Cache-Control', 'no-store');
    return this.voice.call(this.demos.sessionId(id));
  }

  @Post(':id/answer')
  @Public()
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({ summary: 'The prospect answered the demo call (Twilio webhook, signed): TwiML' })
  @ApiOkResponse({ description: 'TwiML' })
  @ApiErrors(403, 404)
  async answer(
    @Param('id') id: string,
    @Query('call') call: string | undefined,
    @Body() form: Record<string, unknown> | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return xml(reply, await this.voice.answered(this.demos.sessionId(id), call, webhook(request, form)));
  }

  @Post(':id/gather')
  @Public()
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({ summary: "The prospect's question on the demo call (Gather action, signed): TwiML" })
  @ApiOkResponse({ description: 'TwiML' })
  @ApiErrors(403, 404)
  async gather(
    @Param('id') id: string,
    @Query('call') call: string | undefined,
    @Body() form: Record<string, unknown> | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return xml(reply, await this.voice.gathered(this.demos.sessionId(id), call, webhook(request, form)));
  }

  @Post(':id/status')
  @Public()
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({ summary: "The demo call's status callback (signed)" })
  @ApiErrors(403, 404)
  async status(
    @Param('id') id: string,
    @Query('call') call: string | undefined,
    @Body() form: Record<string, unknown> | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    await this.voice.statusChanged(this.demos.sessionId(id), call, webhook(request, form));
    return xml(reply, '<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  }
}

function webhook(request: FastifyRequest, form: Record<string, unknown> | undefined): TwilioWebhook {
  return { pathAndQuery: request.url, signature: request.headers['x-twilio-signature'], form: form ?? {} };
}

function xml(reply: FastifyReply, body: string): string {
  void reply.header('content-type', 'text/xml; charset=utf-8');
  void reply.header('cache-control', 'no-store');
  return body;
}
