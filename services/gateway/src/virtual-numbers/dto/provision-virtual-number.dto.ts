import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { VirtualNumberMessages } from '../virtual-number.exception';

export class ProvisionVirtualNumberDto {
  @ApiPropertyOptional({
    example: '312',
    description: 'The US area code to search in; without it, the area code of the primary location’s phone',
  })
  @IsOptional()
  @Matches(/^[2-9][0-9]{2}$/, { message: VirtualNumberMessages.areaCode })
  area_code?: string;
}
