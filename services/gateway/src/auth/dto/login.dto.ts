import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** Form-encoded sign-in (docs/product/shell.md#calls): the email goes in `username`. */
export class LoginDto {
  @ApiProperty({ description: 'The email address', example: 'demo@practicepilot.example' })
  @IsString({ message: 'Email is required' })
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(254)
  username: string;

  @ApiProperty({ example: 'practicepilot' })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(1024)
  password: string;
}
