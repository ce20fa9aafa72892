import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PracticeApiMessages } from '@pp/contracts';
import { IsNotEmpty, IsOptional, IsString, IsUUID } from 'class-validator';

/** Query of `POST /calendar/appointments`: the practice, and the location when the practice has several. */
export class AppointmentTargetQuery {
  @ApiProperty({ format: 'uuid' })
  @IsString({ message: PracticeApiMessages.practiceIdRequired })
  @IsNotEmpty({ message: PracticeApiMessages.practiceIdRequired })
  practice_id: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'location_id must be a UUID' })
  location_id?: string;
}
