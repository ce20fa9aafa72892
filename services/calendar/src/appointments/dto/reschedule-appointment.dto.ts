import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { RescheduleAppointmentRequest } from '@pp/contracts';
import { IsBoolean, IsOptional, IsString } from 'class-validator';

/** `PUT /calendar/appointments/{id}` body: the new start (the duration is kept). The service checks the time. */
export class RescheduleAppointmentDto implements RescheduleAppointmentRequest {
  @ApiProperty({ example: '2030-03-11T15:00:00.000Z' })
  @IsString({ message: 'new_start_time is required' })
  new_start_time: string;

  @ApiPropertyOptional({ description: "Staff confirmed a time outside the location's business hours" })
  @IsOptional()
  @IsBoolean({ message: 'confirm_outside_hours must be true or false' })
  confirm_outside_hours?: boolean;
}
