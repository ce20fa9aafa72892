import twilio from 'twilio';
import type IRequestClient from 'twilio/lib/base/RequestClient';

/**
 * A twilio-node RequestClient that sends every request to another root, for TWILIO_API_BASE_URL (a loopback
 * peer in tests): twilio-node has no base-URL option, but takes a custom httpClient. (The people service's SMS
 * transport has the same one.)
 */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(private readonly base: URL) {
    super();
  }

  override request<TData>(opts: IRequestClient.RequestOptions<TData>) {
    const uri = new URL(opts.uri);
    uri.protocol = this.base.protocol;
    uri.host = this.base.host;
    return super.request<TData>({ ...opts, uri: uri.href });
  }
}

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
    this.client = twilio(options.accountSid, options.authToken, {
      httpClient: options.baseUrl ? new RebasedRequestClient(new URL(options.baseUrl)) : undefined,
    });
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
