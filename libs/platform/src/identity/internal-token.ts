import { jwtVerify, SignJWT } from 'jose';
import type { KeyObject } from 'node:crypto';
import { parseIdentityPrivateKey, parseIdentityPublicKeys } from './identity-keys';

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

/** The keys of the internal identity token, each as PEM or base64 DER (see identity-keys.ts). */
export interface InternalTokenKeys {
  /** Every service verifies with it (with any of them, during a rotation: see parseIdentityPublicKeys). */
  publicKey: string;
  /** The gateway alone signs with it; a service is given none and so cannot mint an identity. */
  privateKey?: string;
}

/**
 * The internal identity token: the gateway signs one for each forwarded request with its Ed25519 private key;
 * services verify it with the public key and trust only this token (never a raw header claiming a user or
 * practice). Only EdDSA is accepted: a token signed with HMAC, or with no signature, is refused.
 */
export class InternalTokens {
  private readonly publicKeys: KeyObject[];
  private readonly privateKey: KeyObject | null;

  constructor(keys: InternalTokenKeys) {
    this.publicKeys = parseIdentityPublicKeys(keys.publicKey);
    this.privateKey = keys.privateKey ? parseIdentityPrivateKey(keys.privateKey) : null;
  }

  /** Whether this instance holds the private key (the gateway) or only verifies (a service). */
  get canSign(): boolean {
    return this.privateKey !== null;
  }

  sign(identity: Identity): Promise<string> {
    if (!this.privateKey) {
      return Promise.reject(new Error('only the gateway holds the private key that signs identities'));
    }
    return new SignJWT({ pids: identity.practiceIds, ...(identity.name ? { name: identity.name } : {}) })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setSubject(identity.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${TTL_SECONDS}s`)
      .sign(this.privateKey);
  }

  /** The identity in a token, or null when it is missing, forged, expired or malformed. */
  async verify(token: string | undefined): Promise<Identity | null> {
    if (!token) return null;
    for (const key of this.publicKeys) {
      const identity = await this.verifyWith(token, key);
      if (identity) return identity;
    }
    return null;
  }

  private async verifyWith(token: string, key: KeyObject): Promise<Identity | null> {
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['EdDSA'],
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
