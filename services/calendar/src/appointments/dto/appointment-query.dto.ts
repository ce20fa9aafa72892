import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, IsUUID } from 'class-validator';

/** Query of `POST /calendar/appointments`: the practice, and the location when the practice has several. */
export class AppointmentTargetQuery {
  @ApiProperty({ format: 'uuid' })
  @IsString({ message: 'practice_id is required' })
  @IsNotEmpty({ message: 'practice_id is required' })
  practice_id: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'location_id must be a UUID' })
  location_id?: string;
}
