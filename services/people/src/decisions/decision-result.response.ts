import { ApiProperty } from '@nestjs/swagger';
import type { DecisionResult } from './decisions.service';

export class DecisionResultResponse implements DecisionResult {
  @ApiProperty({ enum: ['approved', 'edited'] })
  status: 'approved' | 'edited';

  @ApiProperty({ format: 'uuid' })
  decision_id: string;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When a text or call approved outside 08:00–21:00 local goes out; null: sent at once',
  })
  scheduled_for: string | null;
}
