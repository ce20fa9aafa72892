import { ApiProperty } from '@nestjs/swagger';
import { LocationSnapshot } from '@pp/contracts';

export class LocationResponse implements LocationSnapshot {
  @ApiProperty({ format: 'uuid' })
  location_id: string;

  @ApiProperty({ format: 'uuid', description: 'The same as location_id (for list clients)' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  practice_id: string;

  @ApiProperty({ example: 'Glow Aesthetics - Uptown' })
  name: string;

  @ApiProperty({ example: '2100 McKinney Ave, Dallas, TX 75201' })
  address: string;

  @ApiProperty({ example: 'America/Chicago' })
  timezone: string;

  @ApiProperty({ example: '(214) 555-0100' })
  phone: string;

  @ApiProperty()
  is_primary: boolean;

  @ApiProperty()
  is_active: boolean;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'Opening hours by weekday; null inherits the primary location’s',
  })
  business_hours: Record<string, unknown> | null;
}
