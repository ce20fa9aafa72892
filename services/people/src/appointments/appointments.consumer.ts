import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, KafkaContext, Payload } from '@nestjs/microservices';
import { Topics } from '@pp/contracts';
import { handleKafkaEvent } from '@pp/platform';
import { AppointmentsService } from './appointments.service';

/** Consumes calendar.appointments (inbox-deduplicated in the service). */
@Controller()
export class AppointmentsConsumer {
  constructor(private readonly appointments: AppointmentsService) {}

  @EventPattern(Topics.calendarAppointments)
  async onAppointment(@Payload() event: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await handleKafkaEvent(context, () => this.appointments.apply(event));
  }
}
