import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, KafkaContext, Payload } from '@nestjs/microservices';
import { Topics } from '@pp/contracts';
import { handleKafkaEvent } from '@pp/platform';
import { KnowledgeCopy } from './knowledge-copy';

/** Consumes knowledge.changes into people's copy (inbox-deduplicated in KnowledgeCopy). */
@Controller()
export class KnowledgeCopyConsumer {
  constructor(private readonly copy: KnowledgeCopy) {}

  @EventPattern(Topics.knowledgeChanges)
  async onKnowledgeChange(@Payload() event: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await handleKafkaEvent(context, () => this.copy.apply(event));
  }
}
