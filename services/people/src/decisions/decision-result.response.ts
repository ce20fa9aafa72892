import { ApiProperty } from '@nestjs/swagger';
import type { DecisionResult } from './decisions.service';

export class DecisionResultResponse implements DecisionResult {
  @ApiProperty({ enum: ['approved', 'edited'] })
  status: 'approved' | 'edited';

  @ApiProperty({ format: 'uuid' })
  decision_id: string;
}
