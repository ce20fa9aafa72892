import { Module } from '@nestjs/common';
import { AppointmentsController } from './appointments.controller';
import { AppointmentsService } from './appointments.service';
import { LeadChangesConsumer } from './lead-changes.consumer';
import { LeadSnapshots } from './lead-snapshots.service';
import { PeopleClient } from './people.client';

@Module({
  controllers: [AppointmentsController],
  providers: [AppointmentsService, PeopleClient, LeadSnapshots, LeadChangesConsumer],
})
export class AppointmentsModule {}
