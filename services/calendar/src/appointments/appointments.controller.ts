import { Body, Controller, Get, Headers, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AppointmentListResponse, RescheduleAppointmentResponse } from '@pp/contracts';
import { ApiErrors, CurrentIdentity, IDENTITY_HEADER, Identity } from '@pp/platform';
import {
  AppointmentListResponseDoc,
  AppointmentResponse,
  RescheduleResponseDoc,
} from './appointment.response';
import { AppointmentsService } from './appointments.service';
import { AppointmentTargetQuery } from './dto/appointment-query.dto';
import { CreateAppointmentDto } from './dto/create-appointment.dto';
import { ListAppointmentsQuery, PracticeQuery } from './dto/list-appointments.dto';
import { RescheduleAppointmentDto } from './dto/reschedule-appointment.dto';

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

  @Get()
  @ApiOperation({
    summary:
      "The practice's appointments on the inclusive days start_date..end_date (YYYY-MM-DD, at most 62)",
  })
  @ApiOkResponse({
    type: AppointmentListResponseDoc,
    description: 'Oldest first, times also on the location clock',
  })
  @ApiErrors(401, 404, 422)
  async list(
    @CurrentIdentity() identity: Identity,
    @Query() query: ListAppointmentsQuery,
  ): Promise<AppointmentListResponse> {
    return { appointments: await this.appointments.list(identity, query) };
  }

  @Put(':appointmentId')
  @ApiOperation({ summary: 'Move an editable appointment to a new start time, keeping its length' })
  @ApiOkResponse({ type: RescheduleResponseDoc })
  @ApiErrors(401, 404, 409, 422)
  reschedule(
    @CurrentIdentity() identity: Identity,
    @Param('appointmentId') appointmentId: string,
    @Query() query: PracticeQuery,
    @Body() dto: RescheduleAppointmentDto,
  ): Promise<RescheduleAppointmentResponse> {
    return this.appointments.reschedule(identity, query.practice_id, appointmentId, dto);
  }
}
