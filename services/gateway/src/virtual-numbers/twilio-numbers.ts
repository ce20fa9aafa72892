import twilio from 'twilio';
import { twilioClient } from '@pp/platform';

export interface TwilioNumbersOptions {
  accountSid: string;
  authToken: string;
  baseUrl?: string;
}

/** Where Twilio calls the product for a number: its inbound SMS and voice webhooks and the status callback. */
export interface NumberWebhooks {
  smsUrl: string;
  voiceUrl: string;
  statusCallback: string;
}

export interface BoughtNumber {
  /** PN…: Twilio's id of the number in the account. */
  sid: string;
  /** E.164. */
  phone_number: string;
  capabilities: { voice: boolean; sms: boolean };
}

/**
 * Buying a US local number through Twilio's REST API: AvailablePhoneNumbers/US/Local (search, by area code,
 * with SMS and voice) then IncomingPhoneNumbers (buy it, with the product's webhooks on it).
 */
export class TwilioNumbers {
  private readonly client: twilio.Twilio;

  constructor(options: TwilioNumbersOptions) {
    this.client = twilioClient(options);
  }

  /** The first number Twilio offers (with SMS and voice), or null when it has none. */
  async findAvailable(areaCode: string | undefined): Promise<string | null> {
    const [candidate] = await this.client.availablePhoneNumbers('US').local.list({
      ...(areaCode ? { areaCode: Number(areaCode) } : {}),
      smsEnabled: true,
      voiceEnabled: true,
      limit: 1,
    });
    return candidate?.phoneNumber ?? null;
  }

  async buy(phoneNumber: string, webhooks: NumberWebhooks): Promise<BoughtNumber> {
    const number = await this.client.incomingPhoneNumbers.create({
      phoneNumber,
      smsUrl: webhooks.smsUrl,
      smsMethod: 'POST',
      voiceUrl: webhooks.voiceUrl,
      voiceMethod: 'POST',
      statusCallback: webhooks.statusCallback,
      statusCallbackMethod: 'POST',
    });
    return {
      sid: number.sid,
      phone_number: number.phoneNumber,
      capabilities: { voice: number.capabilities?.voice === true, sms: number.capabilities?.sms === true },
    };
  }
}
