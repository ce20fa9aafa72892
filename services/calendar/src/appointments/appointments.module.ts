import { Module } from '@nestjs/common';
import { AppointmentsController } from './appointments.controller';
import { AppointmentsService } from './appointments.service';
import { PeopleClient } from './people.client';

@Module({
  controllers: [AppointmentsController],
  providers: [AppointmentsService, PeopleClient],
})
export class AppointmentsModule {}
