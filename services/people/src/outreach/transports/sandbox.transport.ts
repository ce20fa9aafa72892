import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ChannelTransport, OutgoingMessage, OutreachChannel, TransportReceipt } from './channel-transport';

/**
 * The development and test transport of a channel: records the message in the log and answers as a
 * provider would, without contacting anyone (docs/architecture.md#channels: mock_execution = true).
 */
export class SandboxTransport implements ChannelTransport {
  private readonly logger: Logger;

  constructor(readonly channel: OutreachChannel) {
    this.logger = new Logger(`SandboxTransport:${channel}`);
  }

  async send(message: OutgoingMessage): Promise<TransportReceipt> {
    const prefix = this.channel === 'phone' ? 'CA' : this.channel === 'sms' ? 'SM' : 'EM';
    const providerId = `${prefix}sandbox${randomUUID().replace(/-/g, '')}`;
    this.logger.log(`sandbox ${this.channel} ${message.idempotency_key} to lead ${message.person_id}`);
    return { provider_id: providerId, mock_execution: true };
  }
}
