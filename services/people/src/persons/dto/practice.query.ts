import { ApiProperty } from '@nestjs/swagger';
import { PracticeApiMessages } from '@pp/contracts';
import { IsNotEmpty, IsString } from 'class-validator';

/** `GET /api/v1/people/stats` (docs/product/leads.md#calls). */
export class PracticeQuery {
  @ApiProperty({ format: 'uuid' })
  @IsString({ message: PracticeApiMessages.practiceIdRequired })
  @IsNotEmpty({ message: PracticeApiMessages.practiceIdRequired })
  practice_id: string;
}
