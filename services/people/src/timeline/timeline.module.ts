import { Global, Module } from '@nestjs/common';
import { LeadActivity } from './lead-activity';

/** Shared by every feature that changes a lead. */
@Global()
@Module({ providers: [LeadActivity], exports: [LeadActivity] })
export class TimelineModule {}
