import { Inject, Injectable, Logger } from '@nestjs/common';
import { assertPracticeAccess, CONFIG, Identity, Outbox } from '@pp/platform';
import { DataSource } from 'typeorm';
import { GatewayConfig } from '../config';
import { Location } from '../locations/location.entity';
import { Practice } from '../practices/practice.entity';
import { PracticeException } from '../practices/practice.exception';
import { publishPracticeSnapshots } from '../practices/practice-snapshot';
import { ProvisionVirtualNumberDto } from './dto/provision-virtual-number.dto';
import { TwilioNumbers } from './twilio-numbers';
import { VirtualNumber } from './virtual-number.entity';
import {
  VirtualNumberException,
  VirtualNumberExceptionCode,
  VirtualNumberMessages,
} from './virtual-number.exception';

/** Twilio's webhooks on the gateway's public root (docs/product/channels.md). */
export const TWILIO_WEBHOOK_PATHS = {
  sms: '/api/v1/channels/twilio/sms',
  voice: '/api/v1/channels/twilio/voice',
  status: '/api/v1/channels/twilio/status',
} as const;

/** The assignment of a number that is not the practice's default one. */
export const ADDITIONAL_ASSIGNMENT = 'additional';

type NumberView = VirtualNumber & { id: string };

const view = (number: VirtualNumber): NumberView => ({ id: number.virtual_number_id, ...number });

@Injectable()
export class VirtualNumbersService {
  private readonly logger = new Logger(VirtualNumbersService.name);
  private readonly twilio: TwilioNumbers | null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    @Inject(CONFIG) private readonly config: GatewayConfig,
  ) {
    this.twilio =
      config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN
        ? new TwilioNumbers({
            accountSid: config.TWILIO_ACCOUNT_SID,
            authToken: config.TWILIO_AUTH_TOKEN,
            baseUrl: config.TWILIO_API_BASE_URL,
          })
        : null;
  }

  /**
   * The practice's numbers with their capabilities (docs/product/settings.md#channel-availability): the AI
   * Communications page derives channel availability from them.
   */
  async list(identity: Identity, practiceId: string): Promise<NumberView[]> {
    assertPracticeAccess(identity, practiceId);
    const numbers = await this.dataSource
      .getRepository(VirtualNumber)
      .find({ where: { practice_id: practiceId }, order: { phone_number: 'ASC' } });
    return numbers.map(view);
  }

  /**
   * Buys a US local number with SMS and voice through the Twilio account of the deployment, with the gateway's
   * webhooks on it, and gives it to the practice: its default number when it has no active one. The whole
   * practice state then goes out on practice.changes, so people sends from and receives on it.
   */
  async provision(
    identity: Identity,
    practiceId: string,
    dto: ProvisionVirtualNumberDto,
  ): Promise<NumberView> {
    assertPracticeAccess(identity, practiceId);
    const practice = await this.dataSource.getRepository(Practice).findOneBy({ practice_id: practiceId });
    if (!practice) throw PracticeException.notFound();
    if (!this.twilio) {
      throw new VirtualNumberException(
        VirtualNumberExceptionCode.NotConfigured,
        VirtualNumberMessages.notConfigured,
      );
    }
    const areaCode = dto.area_code ?? (await this.primaryAreaCode(practiceId));
    const bought = await this.buy(this.twilio, areaCode);

    return this.dataSource.transaction(async (manager) => {
      // One default per practice: the lock keeps two provisionings from both taking it.
      await manager.findOne(Practice, {
        where: { practice_id: practiceId },
        lock: { mode: 'pessimistic_write' },
      });
      const hasDefault = await manager.exists(VirtualNumber, {
        where: { practice_id: practiceId, assignment_type: 'practice_default', is_active: true },
      });
      const number = await manager.save(
        manager.create(VirtualNumber, {
          practice_id: practiceId,
          phone_number: bought.phone_number,
          is_active: true,
          assignment_type: hasDefault ? ADDITIONAL_ASSIGNMENT : 'practice_default',
          capabilities: bought.capabilities,
        }),
      );
      await publishPracticeSnapshots(manager, this.outbox, [practiceId]);
      this.logger.log(`Practice ${practiceId} got a Twilio number (${bought.sid})`);
      return view(number);
    });
  }

  private async buy(twilio: TwilioNumbers, areaCode: string | undefined) {
    const base = this.config.PUBLIC_BASE_URL;
    try {
      const candidate = await twilio.findAvailable(areaCode);
      if (!candidate) {
        throw new VirtualNumberException(
          VirtualNumberExceptionCode.NoneAvailable,
          VirtualNumberMessages.noneAvailable(areaCode),
        );
      }
      return await twilio.buy(candidate, {
        smsUrl: `${base}${TWILIO_WEBHOOK_PATHS.sms}`,
        voiceUrl: `${base}${TWILIO_WEBHOOK_PATHS.voice}`,
        statusCallback: `${base}${TWILIO_WEBHOOK_PATHS.status}`,
      });
    } catch (error) {
      if (error instanceof VirtualNumberException) throw error;
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`Twilio did not provision a number: ${message}`);
      throw new VirtualNumberException(
        VirtualNumberExceptionCode.TwilioFailed,
        VirtualNumberMessages.twilioFailed(message),
      );
    }
  }

  /** The area code of the primary location's phone, when it is a US number. */
  private async primaryAreaCode(practiceId: string): Promise<string | undefined> {
    const primary = await this.dataSource
      .getRepository(Location)
      .findOneBy({ practice_id: practiceId, is_primary: true });
    const digits = (primary?.phone ?? '').replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
    return /^[2-9]\d{9}$/.test(digits) ? digits.slice(0, 3) : undefined;
  }
}
