import { Body, Controller, Headers, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, IDENTITY_HEADER, Identity } from '@pp/platform';
import { AppointmentsService } from './appointments.service';
import { AppointmentTargetQuery } from './dto/appointment-query.dto';
import { CreateAppointmentDto } from './dto/create-appointment.dto';

@ApiTags('calendar')
@Controller('api/v1/calendar/appointments')
export class AppointmentsController {
  constructor(private readonly appointments: AppointmentsService) {}

  @Post()
  create(
    @CurrentIdentity() identity: Identity,
    @Headers(IDENTITY_HEADER) identityToken: string,
    @Query() target: AppointmentTargetQuery,
    @Body() dto: CreateAppointmentDto,
  ) {
    return this.appointments.create(identity, identityToken, target, dto);
  }
}
