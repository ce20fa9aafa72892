import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

/**
 * Fields of a location a client may set (docs/product/settings.md#practice-and-location-calls). Every field is
 * optional: defaults fill the rest.
 */
export class CreateLocationDto {
  @ApiPropertyOptional({ example: 'Glow Aesthetics - Uptown' })
  @IsOptional()
  @IsString({ message: 'Location name is required' })
  @IsNotEmpty({ message: 'Location name is required' })
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ example: '2100 Oak Lawn Ave, Dallas, TX 75201' })
  @IsOptional()
  @IsString({ message: 'Street address is required' })
  @IsNotEmpty({ message: 'Street address is required' })
  @MaxLength(500)
  address?: string;

  @ApiPropertyOptional({ example: 'America/Chicago' })
  @IsOptional()
  @IsString({ message: 'Timezone is required' })
  @IsNotEmpty({ message: 'Timezone is required' })
  timezone?: string;

  @ApiPropertyOptional({ example: '(214) 555-0142' })
  @IsOptional()
  @IsString({ message: 'Please enter a valid 10-digit phone number' })
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
