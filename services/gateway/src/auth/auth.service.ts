import { Injectable } from '@nestjs/common';
import { decodeJwt } from 'jose';
import { DataSource } from 'typeorm';
import { User } from '../users/user.entity';
import { AccessClaims, AccessTokens } from './access-tokens';
import { AuthException } from './auth.exception';
import { LoginDto } from './dto/login.dto';
import { LoginRateLimiter } from './login-rate-limiter';
import { verifyPassword } from './passwords';
import { Sessions } from './sessions';

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
}

@Injectable()
export class AuthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: AccessTokens,
    private readonly limiter: LoginRateLimiter,
    private readonly sessions: Sessions,
  ) {}

  async login(dto: LoginDto, ip: string): Promise<TokenResponse> {
    const email = dto.username.trim().toLowerCase();
    await this.limiter.attempt(ip, email);
    const user = await this.dataSource.getRepository(User).findOneBy({ email });
    if (!(await verifyPassword(user?.password_hash, dto.password)) || !user) {
      throw AuthException.invalidCredentials();
    }
    await this.limiter.succeeded(ip, email);
    const accessToken = await this.tokens.issue(user.id);
    await this.sessions.start(decodeJwt(accessToken).jti as string);
    return { access_token: accessToken, token_type: 'bearer' };
  }

  /** Revokes the token and ends its session: its live connections close on every gateway instance. */
  async logout(claims: AccessClaims): Promise<void> {
    await this.tokens.revoke(claims);
    await this.sessions.end({ jti: claims.jti, userId: claims.userId });
  }
}
