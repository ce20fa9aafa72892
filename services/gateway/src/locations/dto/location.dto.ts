import { ApiPropertyOptional } from '@nestjs/swagger';
import { OptionalNotNull } from '@pp/platform';
import { IsBoolean, IsNotEmpty, IsString, MaxLength, ValidateIf } from 'class-validator';

/** Fields of a location a client may set (spec 3 §7). Every field is optional: defaults fill the rest. */
export class CreateLocationDto {
  @ApiPropertyOptional({ example: 'Glow Aesthetics - Uptown' })
  @OptionalNotNull()
  @IsString({ message: 'Location name is required' })
  @IsNotEmpty({ message: 'Location name is required' })
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ example: '2100 Oak Lawn Ave, Dallas, TX 75201' })
  @OptionalNotNull()
  @IsString({ message: 'Street address is required' })
  @IsNotEmpty({ message: 'Street address is required' })
  @MaxLength(500)
  address?: string;

  @ApiPropertyOptional({ example: 'America/Chicago' })
  @OptionalNotNull()
  @IsString({ message: 'Timezone is required' })
  @IsNotEmpty({ message: 'Timezone is required' })
  @MaxLength(100, { message: 'Please choose a valid timezone' })
  timezone?: string;

  @ApiPropertyOptional({ example: '(214) 555-0142' })
  @OptionalNotNull()
  @IsString({ message: 'Please enter a valid 10-digit phone number' })
  @MaxLength(40, { message: 'Please enter a valid 10-digit phone number' })
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
