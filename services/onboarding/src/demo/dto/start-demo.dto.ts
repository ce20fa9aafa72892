import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { DemoMessages } from '../demo.exception';

/** The longest website address accepted. */
export const MAX_WEBSITE_URL_LENGTH = 2048;

/** `POST onboarding/start`. */
export class StartDemoDto {
  @ApiProperty({ example: 'https://glow-medspa.example' })
  @IsString({ message: DemoMessages.invalidUrl })
  @MinLength(1, { message: DemoMessages.invalidUrl })
  @MaxLength(MAX_WEBSITE_URL_LENGTH, { message: DemoMessages.urlTooLong })
  website_url!: string;

  @ApiPropertyOptional({
    description:
      'true: analyse the site again even when it was analysed in the last hour (otherwise that session is returned)',
  })
  @IsOptional()
  @IsBoolean({ message: 'fresh must be true or false' })
  fresh?: boolean;
}
