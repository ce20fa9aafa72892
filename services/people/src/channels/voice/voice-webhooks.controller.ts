import { Body, Controller, HttpCode, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, Public, TwilioSignatureGuard } from '@pp/platform';
import type { FastifyReply } from 'fastify';
import type { TwilioForm } from '../twilio-inbound.service';
import { VoiceService } from './voice.service';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * Twilio's voice webhooks, public behind the gateway. The gateway verifies X-Twilio-Signature (over the URL with its
 * query) before forwarding them, and so does this service (TwilioSignatureGuard), so a post straight to its port
 * is refused too (docs/decisions/0017-twilio-voice.md). Every answer is TwiML; an error keeps the {"detail"} JSON
 * body of every error.
 */
@ApiTags('channels')
@UseGuards(TwilioSignatureGuard)
@Controller('api/v1/channels/twilio/voice')
export class VoiceWebhooksController {
  constructor(private readonly voice: VoiceService) {}

  @Post()
  @Public()
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({
    summary: 'An inbound call to a practice number (Twilio webhook, signed): forward, then voicemail',
  })
  @ApiOkResponse({ description: 'TwiML' })
  @ApiErrors(403, 404, 422)
  async incoming(@Body() form: TwilioForm, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return xml(reply, await this.voice.incoming(form ?? {}));
  }

  @Post('whisper')
  @Public()
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({ summary: 'What staff hear before a forwarded call is connected (Twilio webhook, signed)' })
  @ApiOkResponse({ description: 'TwiML' })
  @ApiErrors(403, 404)
  async whisper(
    @Query('call') call: string | undefined,
    @Query('turn') turn: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return xml(reply, await this.voice.whisper({ call }));
  }

  @Post('dial')
  @Public()
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({
    summary: 'The forward to the practice line ended (Dial action, signed): voicemail if unanswered',
  })
  @ApiOkResponse({ description: 'TwiML' })
  @ApiErrors(403, 404)
  async dial(
    @Query('call') call: string | undefined,
    @Query('turn') turn: string | undefined,
    @Body() form: TwilioForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return xml(reply, await this.voice.dialEnded({ call, turn }, form ?? {}));
  }

  @Post('voicemail')
  @Public()
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({ summary: 'The caller left a voicemail (Record action, signed)' })
  @ApiOkResponse({ description: 'TwiML' })
  @ApiErrors(403, 404)
  async voicemail(
    @Query('call') call: string | undefined,
    @Query('turn') turn: string | undefined,
    @Body() form: TwilioForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return xml(reply, await this.voice.voicemailRecorded({ call, turn }, form ?? {}));
  }

  @Post('transcription')
  @Public()
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({ summary: "A voicemail's transcription (Twilio transcribeCallback, signed)" })
  @ApiOkResponse({ description: 'Empty TwiML' })
  @ApiErrors(403, 404)
  async transcription(
    @Query('call') call: string | undefined,
    @Query('turn') turn: string | undefined,
    @Body() form: TwilioForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    await this.voice.voicemailTranscribed({ call, turn }, form ?? {});
    return xml(reply, EMPTY_TWIML);
  }

  @Post('ai')
  @Public()
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({ summary: "The lead answered the AI's call (the call's url, signed): its first turn" })
  @ApiOkResponse({ description: 'TwiML' })
  @ApiErrors(403, 404, 422)
  async ai(
    @Query('call') call: string | undefined,
    @Query('turn') turn: string | undefined,
    @Body() form: TwilioForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return xml(reply, await this.voice.aiAnswered({ call, turn }, form ?? {}));
  }

  @Post('gather')
  @Public()
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({ summary: "The lead's answer to a turn of the AI's call (Gather action, signed)" })
  @ApiOkResponse({ description: 'TwiML' })
  @ApiErrors(403, 404)
  async gather(
    @Query('call') call: string | undefined,
    @Query('turn') turn: string | undefined,
    @Body() form: TwilioForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return xml(reply, await this.voice.gathered({ call, turn }, form ?? {}));
  }

  @Post('status')
  @Public()
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({ summary: "A call's status changed (Twilio statusCallback, signed)" })
  @ApiOkResponse({ description: 'Empty TwiML' })
  @ApiErrors(403, 422)
  async status(@Body() form: TwilioForm, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    await this.voice.statusChanged(form ?? {});
    return xml(reply, EMPTY_TWIML);
  }

  @Post('recording')
  @Public()
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({ summary: "A call's recording is ready (Twilio recordingStatusCallback, signed)" })
  @ApiOkResponse({ description: 'Empty TwiML' })
  @ApiErrors(403, 422)
  async recording(
    @Body() form: TwilioForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    await this.voice.recordingReady(form ?? {});
    return xml(reply, EMPTY_TWIML);
  }
}

/** TwiML may name the lead (the whisper): never cached. */
function xml(reply: FastifyReply, body: string): string {
  void reply.header('content-type', 'text/xml; charset=utf-8');
  void reply.header('cache-control', 'no-store');
  return body;
}
