import { Injectable, UnauthorizedException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { User } from '../users/user.entity';
import { AccessClaims, AccessTokens } from './access-tokens';
import { LoginDto } from './dto/login.dto';
import { LoginRateLimiter } from './login-rate-limiter';
import { verifyPassword } from './passwords';

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
  ) {}

  async login(dto: LoginDto, ip: string): Promise<TokenResponse> {
    const email = dto.username.trim().toLowerCase();
    await this.limiter.attempt(ip, email);
    const user = await this.dataSource.getRepository(User).findOneBy({ email });
    if (!(await verifyPassword(user?.password_hash, dto.password)) || !user) {
      await this.limiter.failed(email);
      throw new UnauthorizedException('Incorrect email or password');
    }
    await this.limiter.succeeded(email);
    return { access_token: await this.tokens.issue(user.id), token_type: 'bearer' };
  }

  logout(claims: AccessClaims): Promise<void> {
    return this.tokens.revoke(claims);
  }
}
