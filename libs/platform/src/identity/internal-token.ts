import { jwtVerify, SignJWT } from 'jose';

/** Header on which the gateway forwards the internal identity token to a service. */
export const IDENTITY_HEADER = 'x-pp-identity';

const ISSUER = 'practicepilot-gateway';
const AUDIENCE = 'practicepilot-services';
/** Short-lived: a token only has to outlive one forwarded request. */
const TTL_SECONDS = 60;

/** Who is calling a service: the signed-in user and the practices they belong to. */
export interface Identity {
  userId: string;
  practiceIds: string[];
  /** The user's display name (full name, else email), for "performed by" on timeline events. */
  name?: string;
}

/**
 * The internal identity token: the gateway signs one for each forwarded request; services trust only this
 * token (never a raw header claiming a user or practice).
 */
export class InternalTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(identity: Identity): Promise<string> {
    return new SignJWT({ pids: identity.practiceIds, ...(identity.name ? { name: identity.name } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(identity.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${TTL_SECONDS}s`)
      .sign(this.key);
  }

  /** The identity in a token, or null when it is missing, forged, expired or malformed. */
  async verify(token: string | undefined): Promise<Identity | null> {
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      const pids = payload.pids;
      if (
        typeof payload.sub !== 'string' ||
        !Array.isArray(pids) ||
        !pids.every((p) => typeof p === 'string')
      ) {
        return null;
      }
      const name = typeof payload.name === 'string' ? payload.name : undefined;
      return { userId: payload.sub, practiceIds: pids, ...(name ? { name } : {}) };
    } catch {
      return null;
    }
  }
}
