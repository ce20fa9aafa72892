import { Injectable } from '@nestjs/common';
import { EventHeaders, LeadEventV1, toLeadBroadcast, Topics } from '@pp/contracts';
import { Correlation, KafkaBatchHandlers } from '@pp/platform';
import { RealtimeHub } from './realtime.hub';

/**
 * Fans out people.lead-events to the sockets of each event's practice on this gateway instance, a fetched batch
 * at a time (a burst of forms is thousands of events: Nest's routing of each message was about a twelfth of the
 * gateway's CPU in the 1,000-form burst), each event in order under its correlation id. A batch delivered again
 * pushes nothing twice (the hub remembers the events it pushed).
 */
@Injectable()
export class LeadEventsConsumer {
  // Registered when the provider is made: the Kafka consumer starts before the modules' init hooks run.
  constructor(hub: RealtimeHub, batches: KafkaBatchHandlers) {
    batches.register(Topics.leadEvents, async (events) => {
      for (const { value, headers } of events) {
        const event = value as LeadEventV1 | null;
        if (event?.v !== 1 || !event.practice_id || !event.person_id) continue;
        Correlation.run(headers[EventHeaders.correlationId], () =>
          hub.broadcast(toLeadBroadcast(event), event.event_id),
        );
      }
    });
  }
}
