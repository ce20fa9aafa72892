import { Injectable } from '@nestjs/common';
import { Identity } from '@pp/platform';
import { MembershipsService } from '../users/memberships.service';
import { AccessClaims, AccessTokens } from './access-tokens';

export interface Authenticated {
  identity: Identity;
  claims: AccessClaims;
}

/** From a bearer token to who is calling: shared by the REST guard, the proxy and the WebSocket. */
@Injectable()
export class Authenticator {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly memberships: MembershipsService,
  ) {}

  async fromToken(token: string | undefined | null): Promise<Authenticated | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const { practiceIds, name } = await this.memberships.principal(claims.userId);
    return { claims, identity: { userId: claims.userId, practiceIds, ...(name ? { name } : {}) } };
  }

  static bearer(header: string | string[] | undefined): string | undefined {
    const value = Array.isArray(header) ? header[0] : header;
    const match = value?.match(/^Bearer\s+(\S+)$/i);
    return match?.[1];
  }
}
