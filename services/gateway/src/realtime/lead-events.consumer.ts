import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, KafkaContext, Payload } from '@nestjs/microservices';
import { LeadEventV1, toLeadBroadcast, Topics } from '@pp/contracts';
import { handleKafkaEvent } from '@pp/platform';
import { RealtimeHub } from './realtime.hub';

/** Fans out people.lead-events to the sockets of each event's practice on this gateway instance. */
@Controller()
export class LeadEventsConsumer {
  constructor(private readonly hub: RealtimeHub) {}

  @EventPattern(Topics.leadEvents)
  async onLeadEvent(@Payload() event: LeadEventV1, @Ctx() context: KafkaContext): Promise<void> {
    await handleKafkaEvent(context, async () => {
      if (event?.v !== 1 || !event.practice_id || !event.person_id) return;
      this.hub.broadcast(toLeadBroadcast(event), event.event_id);
    });
  }
}
