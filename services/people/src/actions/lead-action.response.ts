import { ApiProperty } from '@nestjs/swagger';
import { LeadActionResponse } from '@pp/contracts';
import { PersonResponse } from '../persons/responses/person.response';

export class LeadActionResponseDto implements LeadActionResponse {
  @ApiProperty({ type: PersonResponse })
  person: PersonResponse;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  next_scheduled_action: string | null;
}
