import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { OptionalNotNull } from '@pp/platform';
import { IsEmail, IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import { PASSWORD_MAX } from './password-rules';
import { SignupMessages } from './signup.exception';

/** `POST /api/v1/auth/register` (docs/product/onboarding.md#sign-up). */
export class SignupDto {
  @ApiProperty({ example: 'Maria' })
  @IsString({ message: SignupMessages.firstNameRequired })
  @IsNotEmpty({ message: SignupMessages.firstNameRequired })
  @MaxLength(100)
  first_name: string;

  @ApiProperty({ example: 'Lopez' })
  @IsString({ message: SignupMessages.lastNameRequired })
  @IsNotEmpty({ message: SignupMessages.lastNameRequired })
  @MaxLength(100)
  last_name: string;

  @ApiProperty({ example: 'maria@glowmedspa.example' })
  @IsString({ message: SignupMessages.emailInvalid })
  @MaxLength(254, { message: SignupMessages.emailInvalid })
  @IsEmail({}, { message: SignupMessages.emailInvalid })
  email: string;

  @ApiProperty({ description: '10 to 128 characters with a letter and a number, not the e-mail address' })
  @IsString()
  @MaxLength(PASSWORD_MAX * 4)
  password: string;

  @ApiProperty({ example: 'Glow Med Spa' })
  @IsString({ message: SignupMessages.practiceNameRequired })
  @IsNotEmpty({ message: SignupMessages.practiceNameRequired })
  @MaxLength(200)
  practice_name: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'The public demo to keep as the new practice' })
  @OptionalNotNull()
  @IsUUID('all', { message: SignupMessages.demoIdInvalid })
  demo_session_id?: string;
}
