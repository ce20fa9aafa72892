import { Module } from '@nestjs/common';
import { WebSessionsConsumer } from './web-sessions.consumer';
import { WebSessionsService } from './web-sessions.service';

/** A lead's website pageviews on their timeline (analytics.lead-pageviews). */
@Module({
  providers: [WebSessionsService, WebSessionsConsumer],
  exports: [WebSessionsService],
})
export class WebSessionsModule {}
