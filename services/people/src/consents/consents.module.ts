import { Module } from '@nestjs/common';
import { ConsentsController } from './consents.controller';
import { ConsentsService } from './consents.service';

/** A lead's consent ledger (docs/product/channels.md#consent-ledger). */
@Module({
  controllers: [ConsentsController],
  providers: [ConsentsService],
})
export class ConsentsModule {}
