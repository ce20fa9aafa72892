import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { AuthMessages } from '../auth.exception';

/** Form-encoded sign-in (docs/product/shell.md#calls): the email goes in `username`. */
export class LoginDto {
  @ApiProperty({ description: 'The email address', example: 'demo@practicepilot.example' })
  @IsString({ message: AuthMessages.emailRequired })
  @IsNotEmpty({ message: AuthMessages.emailRequired })
  @MaxLength(254)
  username: string;

  @ApiProperty({ example: 'practicepilot' })
  @IsString({ message: AuthMessages.passwordRequired })
  @IsNotEmpty({ message: AuthMessages.passwordRequired })
  @MaxLength(1024)
  password: string;
}
