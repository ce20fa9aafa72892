import { Module } from '@nestjs/common';
import { AppointmentsController } from './appointments.controller';
import { AppointmentsService } from './appointments.service';
import { PracticesModule } from '../practices/practices.module';
import { PeopleClient } from './people.client';

@Module({
  imports: [PracticesModule],
  controllers: [AppointmentsController],
  providers: [AppointmentsService, PeopleClient],
})
export class AppointmentsModule {}
