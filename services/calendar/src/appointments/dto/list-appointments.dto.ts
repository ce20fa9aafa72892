import { ApiProperty } from '@nestjs/swagger';
import { PracticeApiMessages } from '@pp/contracts';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';

/** Query of `GET /calendar/appointments`: inclusive days on the practice's clock. The service checks the dates. */
export class ListAppointmentsQuery {
  @ApiProperty({ format: 'uuid' })
  @IsString({ message: PracticeApiMessages.practiceIdRequired })
  @IsNotEmpty({ message: PracticeApiMessages.practiceIdRequired })
  practice_id: string;

  @ApiProperty({ example: '2030-03-01', description: 'YYYY-MM-DD, the first day shown' })
  @IsOptional()
  start_date?: string;

  @ApiProperty({ example: '2030-03-31', description: 'YYYY-MM-DD, the last day shown (at most 62 days)' })
  @IsOptional()
  end_date?: string;
}

/** Query of `PUT /calendar/appointments/{id}`. */
export class PracticeQuery {
  @ApiProperty({ format: 'uuid' })
  @IsString({ message: PracticeApiMessages.practiceIdRequired })
  @IsNotEmpty({ message: PracticeApiMessages.practiceIdRequired })
  practice_id: string;
}
