import { Module } from '@nestjs/common';
import { ActionsController } from './actions.controller';
import { ActionsService } from './actions.service';

/** Outcomes staff log on a lead and control-mode switches (`POST /people/{id}/actions`). */
@Module({
  controllers: [ActionsController],
  providers: [ActionsService],
})
export class ActionsModule {}
