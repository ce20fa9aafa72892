import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { LocationMessages } from '../location.exception';

/**
 * Fields of a location a client may set (docs/product/settings.md#practice-and-location-calls). Every field is
 * optional: defaults fill the rest.
 */
export class CreateLocationDto {
  @ApiPropertyOptional({ example: 'Glow Aesthetics - Uptown' })
  @IsOptional()
  @IsString({ message: LocationMessages.nameRequired })
  @IsNotEmpty({ message: LocationMessages.nameRequired })
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ example: '2100 Oak Lawn Ave, Dallas, TX 75201' })
  @IsOptional()
  @IsString({ message: LocationMessages.addressRequired })
  @IsNotEmpty({ message: LocationMessages.addressRequired })
  @MaxLength(500)
  address?: string;

  @ApiPropertyOptional({ example: 'America/Chicago' })
  @IsOptional()
  @IsString({ message: LocationMessages.timezoneRequired })
  @IsNotEmpty({ message: LocationMessages.timezoneRequired })
  timezone?: string;

  @ApiPropertyOptional({ example: '(214) 555-0142' })
  @IsOptional()
  @IsString({ message: LocationMessages.phone })
  @MaxLength(40)
  phone?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'is_primary must be true or false' })
  is_primary?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'is_active must be true or false' })
  is_active?: boolean;

  @ApiPropertyOptional({ nullable: true, description: 'null: inherited from the primary location' })
  @ValidateIf((_, value) => value !== undefined && value !== null)
  business_hours?: Record<string, unknown> | null;
}

export class UpdateLocationDto extends CreateLocationDto {}
