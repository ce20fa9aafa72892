import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { CONFIG, PracticeReadModel } from '@pp/platform';
import { DataSource } from 'typeorm';
import { PeopleConfig, twilioAccount } from '../../config';
import { EmailTransport } from '../../email/email.transport';
import { ChannelTransport, OUTREACH_CHANNELS, OutreachChannel } from './channel-transport';
import { SandboxTransport } from './sandbox.transport';
import { TwilioSmsTransport } from './twilio-sms.transport';
import { TwilioVoiceTransport } from './twilio-voice.transport';

/** Where Twilio posts an SMS's status changes: the gateway's public webhook. */
export const TWILIO_STATUS_PATH = '/api/v1/channels/twilio/status';

/**
 * The transport of each channel: SMS and calls go through Twilio when TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are
 * set (from the practice's default virtual number); e-mail through the practice's connected mailbox when it has one
 * (EmailTransport, itself the sandbox otherwise); SMS and calls without Twilio are the sandbox.
 */
@Injectable()
export class Transports {
  private readonly byChannel: Map<OutreachChannel, ChannelTransport>;

  constructor(
    @Inject(CONFIG) config: PeopleConfig,
    numbers: PracticeReadModel,
    dataSource: DataSource,
    @Optional() email?: EmailTransport,
  ) {
    this.byChannel = new Map<OutreachChannel, ChannelTransport>(
      OUTREACH_CHANNELS.map((channel) => [channel, new SandboxTransport(channel)]),
    );
    const account = twilioAccount(config);
    if (account) {
      this.byChannel.set(
        'sms',
        new TwilioSmsTransport({
          accountSid: account.sid,
          authToken: account.token,
          baseUrl: account.baseUrl,
          statusCallback: `${config.PUBLIC_BASE_URL}${TWILIO_STATUS_PATH}`,
          fromNumber: (practiceId) => numbers.smsNumber(practiceId),
        }),
      );
      // The AI's calls: the conversation is driven by the voice webhooks (channels/voice).
      this.byChannel.set(
        'phone',
        new TwilioVoiceTransport(
          {
            accountSid: account.sid,
            authToken: account.token,
            baseUrl: account.baseUrl,
            publicBaseUrl: config.PUBLIC_BASE_URL,
            fromNumber: (practiceId) => numbers.voiceNumber(practiceId),
          },
          dataSource,
        ),
      );
      new Logger(Transports.name).log('SMS and calls go out through Twilio');
    }
    if (email) this.byChannel.set('email', email);
  }

  for(channel: OutreachChannel): ChannelTransport {
    const transport = this.byChannel.get(channel);
    if (!transport) throw new Error(`No transport for channel ${channel}`);
    return transport;
  }
}
