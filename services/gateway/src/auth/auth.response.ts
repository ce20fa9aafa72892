import { ApiProperty } from '@nestjs/swagger';
import type { TokenResponse } from './auth.service';

export class TokenResponseDto implements TokenResponse {
  @ApiProperty({ description: 'Send as `Authorization: Bearer <token>`' })
  access_token: string;

  @ApiProperty({ enum: ['bearer'] })
  token_type: 'bearer';
}

export class LogoutResponse {
  @ApiProperty({ example: 'Logged out' })
  detail: string;
}
