import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { CreateAppointmentRequest } from '@pp/contracts';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

const TITLE_REQUIRED = 'Please enter a title';

/** `POST /calendar/appointments` body (docs/product/leads.md#appointment-payload). The service checks the times. */
export class CreateAppointmentDto implements CreateAppointmentRequest {
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString({ message: 'calendar_id must be text' })
  @MaxLength(200, { message: 'calendar_id is too long' })
  calendar_id?: string | null;

  @ApiProperty({ format: 'uuid' })
  @IsString({ message: 'person_id is required' })
  @IsUUID('all', { message: 'person_id must be a UUID' })
  person_id: string;

  @ApiProperty()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: TITLE_REQUIRED })
  @MaxLength(300, { message: 'The title is too long (300 characters at most)' })
  @IsNotEmpty({ message: TITLE_REQUIRED })
  title: string;

  @ApiProperty({ example: '2030-03-11T15:00:00.000Z' })
  @IsString({ message: 'start_time is required' })
  start_time: string;

  @ApiProperty({ example: '2030-03-11T15:30:00.000Z' })
  @IsString({ message: 'end_time is required' })
  end_time: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString({ message: 'description must be text' })
  @MaxLength(5000, { message: 'The description is too long (5000 characters at most)' })
  description?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString({ message: 'location must be text' })
  @MaxLength(500, { message: 'The location is too long (500 characters at most)' })
  location?: string | null;
}
