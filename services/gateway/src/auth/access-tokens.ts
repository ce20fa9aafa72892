import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, RedisClient } from '@pp/platform';
import { jwtVerify, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { GatewayConfig } from '../config';

const ISSUER = 'practicepilot';
const AUDIENCE = 'practicepilot-console';
const REVOKED_PREFIX = 'pp:gateway:revoked:';

export interface AccessClaims {
  userId: string;
  jti: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/**
 * Staff access tokens: signed JWTs with an expiry and an id. Logging out puts the id on a Redis deny-list
 * until the token would have expired anyway.
 */
@Injectable()
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    @Inject(CONFIG) private readonly config: GatewayConfig,
    private readonly redis: RedisClient,
  ) {
    this.key = new TextEncoder().encode(config.JWT_SECRET);
  }

  issue(userId: string): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setJti(randomUUID())
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.config.ACCESS_TOKEN_TTL_MINUTES}m`)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired, unrevoked token; otherwise null. */
  async verify(token: string | undefined | null): Promise<AccessClaims | null> {
    if (!token) return null;
    let claims: AccessClaims;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.jti !== 'string' ||
        typeof payload.exp !== 'number'
      ) {
        return null;
      }
      claims = { userId: payload.sub, jti: payload.jti, exp: payload.exp };
    } catch {
      return null;
    }
    const revoked = await this.redis.exists(REVOKED_PREFIX + claims.jti);
    return revoked ? null : claims;
  }

  async revoke(claims: AccessClaims): Promise<void> {
    const ttl = Math.max(1, claims.exp - Math.floor(Date.now() / 1000));
    await this.redis.set(REVOKED_PREFIX + claims.jti, '1', 'EX', ttl);
  }
}
