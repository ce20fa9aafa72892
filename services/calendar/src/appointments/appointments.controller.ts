import { Body, Controller, Headers, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, CurrentIdentity, IDENTITY_HEADER, Identity } from '@pp/platform';
import { AppointmentResponse } from './appointment.response';
import { AppointmentsService } from './appointments.service';
import { AppointmentTargetQuery } from './dto/appointment-query.dto';
import { CreateAppointmentDto } from './dto/create-appointment.dto';

@ApiTags('calendar')
@ApiBearerAuth()
@Controller('api/v1/calendar/appointments')
export class AppointmentsController {
  constructor(private readonly appointments: AppointmentsService) {}

  @Post()
  @ApiOperation({ summary: 'Book a 30-minute appointment for a lead of the practice' })
  @ApiCreatedResponse({ type: AppointmentResponse })
  @ApiErrors(401, 404, 422, 503)
  create(
    @CurrentIdentity() identity: Identity,
    @Headers(IDENTITY_HEADER) identityToken: string,
    @Query() target: AppointmentTargetQuery,
    @Body() dto: CreateAppointmentDto,
  ) {
    return this.appointments.create(identity, identityToken, target, dto);
  }
}
