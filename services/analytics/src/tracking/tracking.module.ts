import { Module } from '@nestjs/common';
import { IpGeoDatabase } from './geo';
import { TrackingLimits } from './tracking-limits';
import { TrackingPublisher } from './tracking-publisher';
import { TrackingController } from './tracking.controller';
import { TrackingService } from './tracking.service';

/** The public tracking ingress (POST /api/v1/tracking/events). */
@Module({
  controllers: [TrackingController],
  providers: [TrackingService, TrackingLimits, TrackingPublisher, IpGeoDatabase],
})
export class TrackingModule {}
