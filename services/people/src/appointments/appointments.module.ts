import { Module } from '@nestjs/common';
import { AppointmentsConsumer } from './appointments.consumer';
import { AppointmentsService } from './appointments.service';

@Module({
  controllers: [AppointmentsConsumer],
  providers: [AppointmentsService],
  exports: [AppointmentsService],
})
export class AppointmentsModule {}
