import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString } from 'class-validator';

/** `GET /api/v1/people/stats` (docs/product/leads.md#calls). */
export class PracticeQuery {
  @ApiProperty({ format: 'uuid' })
  @IsString({ message: 'practice_id is required' })
  @IsNotEmpty({ message: 'practice_id is required' })
  practice_id: string;
}
