import { ApiProperty } from '@nestjs/swagger';
import { VirtualNumber } from './virtual-number.entity';

class CapabilitiesResponse {
  @ApiProperty()
  voice: boolean;

  @ApiProperty()
  sms: boolean;
}

export class VirtualNumberResponse implements VirtualNumber {
  @ApiProperty({ format: 'uuid', description: 'The same as virtual_number_id (for list clients)' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  virtual_number_id: string;

  @ApiProperty({ format: 'uuid' })
  practice_id: string;

  @ApiProperty({ description: 'E.164', example: '+12145550100' })
  phone_number: string;

  @ApiProperty()
  is_active: boolean;

  @ApiProperty({ example: 'practice_default' })
  assignment_type: string;

  @ApiProperty({ type: CapabilitiesResponse })
  capabilities: CapabilitiesResponse;
}
