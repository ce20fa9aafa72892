import { Injectable } from '@nestjs/common';
import { Identity } from '@pp/platform';
import { MembershipsService } from '../users/memberships.service';
import { AccessClaims, AccessTokens } from './access-tokens';
import { Sessions } from './sessions';

export interface Authenticated {
  identity: Identity;
  claims: AccessClaims;
  /** The user's sign-in e-mail (the audit log's "who", with the user id). */
  email: string;
}

/** From a bearer token to who is calling: shared by the REST guard, the proxy and the WebSocket. */
@Injectable()
export class Authenticator {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly sessions: Sessions,
    private readonly memberships: MembershipsService,
  ) {}

  /**
   * Who calls with this token, if it is valid, unexpired, unrevoked and its session not idle. `activity`:
   * whether this use counts as the user's activity (an API request they made) and restarts the idle window;
   * opening the live connection or a background refresh checks the session without extending it.
   */
  async fromToken(
    token: string | undefined | null,
    activity: 'user' | 'background' = 'user',
  ): Promise<Authenticated | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    if (!(await this.sessions.isActive(claims.jti, activity === 'user'))) return null;
    const { practiceIds, name, email } = await this.memberships.principal(claims.userId);
    return { claims, email, identity: { userId: claims.userId, practiceIds, ...(name ? { name } : {}) } };
  }

  static bearer(header: string | string[] | undefined): string | undefined {
    const value = Array.isArray(header) ? header[0] : header;
    const match = value?.match(/^Bearer\s+(\S+)$/i);
    return match?.[1];
  }
}
