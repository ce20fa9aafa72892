import { ApiPropertyOptional } from '@nestjs/swagger';
import { OptionalNotNull } from '@pp/platform';
import { IsBoolean, IsNotEmpty, IsString, MaxLength, ValidateIf } from 'class-validator';
import { LocationMessages } from '../location.exception';

/**
 * Fields of a location a client may set (docs/product/settings.md#practice-and-location-calls). Every field is
 * optional: defaults fill the rest.
 */
export class CreateLocationDto {
  @ApiPropertyOptional({ example: 'Glow Aesthetics - Uptown' })
  @OptionalNotNull()
  @IsString({ message: LocationMessages.nameRequired })
  @IsNotEmpty({ message: LocationMessages.nameRequired })
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ example: '2100 Oak Lawn Ave, Dallas, TX 75201' })
  @OptionalNotNull()
  @IsString({ message: LocationMessages.addressRequired })
  @IsNotEmpty({ message: LocationMessages.addressRequired })
  @MaxLength(500)
  address?: string;

  @ApiPropertyOptional({ example: 'America/Chicago' })
  @OptionalNotNull()
  @IsString({ message: LocationMessages.timezoneRequired })
  @IsNotEmpty({ message: LocationMessages.timezoneRequired })
  @MaxLength(100, { message: LocationMessages.timezoneInvalid })
  timezone?: string;

  @ApiPropertyOptional({ example: '(214) 555-0142' })
  @OptionalNotNull()
  @IsString({ message: LocationMessages.phone })
  @MaxLength(40, { message: LocationMessages.phone })
  phone?: string;

  @ApiPropertyOptional()
  @OptionalNotNull()
  @IsBoolean({ message: 'is_primary must be true or false' })
  is_primary?: boolean;

  @ApiPropertyOptional()
  @OptionalNotNull()
  @IsBoolean({ message: 'is_active must be true or false' })
  is_active?: boolean;

  @ApiPropertyOptional({ nullable: true, description: 'null: inherited from the primary location' })
  @ValidateIf((_, value) => value !== undefined && value !== null)
  business_hours?: Record<string, unknown> | null;
}

export class UpdateLocationDto extends CreateLocationDto {}
