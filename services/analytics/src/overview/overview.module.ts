import { Module } from '@nestjs/common';
import { OverviewConsumer } from './overview.consumer';
import { OverviewController } from './overview.controller';
import { OverviewIngest } from './overview-ingest.service';
import { OverviewService } from './overview.service';

/** The Overview: `GET /analytics/metrics` and the read models behind it (docs/product/analytics.md#overview). */
@Module({
  controllers: [OverviewController, OverviewConsumer],
  providers: [OverviewService, OverviewIngest],
  exports: [OverviewIngest],
})
export class OverviewModule {}
