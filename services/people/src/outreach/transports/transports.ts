import { Injectable } from '@nestjs/common';
import { ChannelTransport, OUTREACH_CHANNELS, OutreachChannel } from './channel-transport';
import { SandboxTransport } from './sandbox.transport';

/** The transport of each channel. Every channel is the sandbox until the real channels are configured. */
@Injectable()
export class Transports {
  private readonly byChannel = new Map<OutreachChannel, ChannelTransport>(
    OUTREACH_CHANNELS.map((channel) => [channel, new SandboxTransport(channel)]),
  );

  for(channel: OutreachChannel): ChannelTransport {
    const transport = this.byChannel.get(channel);
    if (!transport) throw new Error(`No transport for channel ${channel}`);
    return transport;
  }
}
