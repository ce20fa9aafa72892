import { ApiProperty } from '@nestjs/swagger';
import { Appointment } from './appointment.entity';

type Serialised<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

/** An appointment as `POST /calendar/appointments` returns it (times ISO 8601, lead fields as booked). */
export class AppointmentResponse implements Serialised<Appointment> {
  @ApiProperty({ format: 'uuid' })
  appointment_id: string;

  @ApiProperty({ format: 'uuid' })
  practice_id: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  location_id: string | null;

  @ApiProperty({ type: String, nullable: true })
  calendar_id: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  person_id: string | null;

  @ApiProperty({ example: 'Consultation' })
  title: string;

  @ApiProperty({ type: String, nullable: true })
  description: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Free-text place of the visit, as booked' })
  location: string | null;

  @ApiProperty({ format: 'date-time' })
  start_time: string;

  @ApiProperty({ format: 'date-time' })
  end_time: string;

  @ApiProperty({ example: 'confirmed' })
  status: string;

  @ApiProperty()
  is_editable: boolean;

  @ApiProperty({ example: 'practicepilot' })
  source: string;

  @ApiProperty({ type: String, nullable: true })
  contact_id: string | null;

  @ApiProperty({ type: String, nullable: true })
  person_name: string | null;

  @ApiProperty({ type: String, nullable: true })
  person_first_name: string | null;

  @ApiProperty({ type: String, nullable: true })
  person_last_name: string | null;

  @ApiProperty({ type: String, nullable: true })
  person_email: string | null;

  @ApiProperty({ type: String, nullable: true })
  person_phone: string | null;

  @ApiProperty({ type: String, nullable: true })
  person_avatar: string | null;

  @ApiProperty({ type: Number, nullable: true })
  person_age: number | null;

  @ApiProperty({ type: String, nullable: true })
  person_location: string | null;

  @ApiProperty({ type: String, nullable: true })
  person_title: string | null;

  @ApiProperty({ type: String, nullable: true })
  person_organization: string | null;

  @ApiProperty({
    type: 'array',
    items: { type: 'object', properties: { degree: { type: 'string' }, name: { type: 'string' } } },
    nullable: true,
  })
  person_education: { degree?: string | null; name?: string | null }[] | null;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The staff member who booked it',
  })
  created_by: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

/** An appointment as the calendar screen lists it: with its times on the location's clock. */
export class AppointmentViewResponse extends AppointmentResponse {
  @ApiProperty({
    example: '2030-01-15T10:00:00',
    description: 'Start on the location’s wall clock, no offset',
  })
  start_time_local: string;

  @ApiProperty({ example: '2030-01-15T10:30:00' })
  end_time_local: string;

  @ApiProperty({ example: 'America/Chicago', description: 'The location’s IANA time zone' })
  tz: string;

  @ApiProperty({ type: String, nullable: true })
  location_name: string | null;
}

export class AppointmentListResponseDoc {
  @ApiProperty({ type: [AppointmentViewResponse], description: 'Oldest first' })
  appointments: AppointmentViewResponse[];
}

export class RescheduleResponseDoc {
  @ApiProperty({ example: true })
  success: boolean;

  @ApiProperty({ type: AppointmentViewResponse, required: false })
  appointment?: AppointmentViewResponse;
}
