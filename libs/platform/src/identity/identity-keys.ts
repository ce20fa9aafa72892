import { createPrivateKey, createPublicKey, generateKeyPairSync, KeyObject } from 'node:crypto';

/**
 * The Ed25519 key pair of the internal identity token (docs/decisions/0006-secrets-and-internal-identity.md).
 * A key is given either as PEM (`-----BEGIN PUBLIC KEY-----` / `-----BEGIN PRIVATE KEY-----`) or, to fit on
 * one line of an env file, as the base64 of its DER encoding (SPKI for the public key, PKCS#8 for the private).
 */
export interface IdentityKeyPair {
  /** base64 of the PKCS#8 DER: the gateway's, and only the gateway's. */
  privateKey: string;
  /** base64 of the SPKI DER: every service's. */
  publicKey: string;
}

/** PEM text as it is, or base64 decoded to DER; null for PEM. */
function derOf(text: string): Buffer | null {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return null;
  if (!/^[A-Za-z0-9+/=_-]+$/.test(trimmed)) throw new Error('neither PEM nor base64');
  return Buffer.from(trimmed, 'base64');
}

/** The Ed25519 public key in `text`; throws when it is anything else. */
export function parseIdentityPublicKey(text: string): KeyObject {
  if (text.includes('PRIVATE KEY')) throw new Error('a private key, not a public one');
  const der = derOf(text);
  const key = createPublicKey(der ? { key: der, format: 'der', type: 'spki' } : text.trim());
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`an ${key.asymmetricKeyType} key, not Ed25519`);
  return key;
}

/** The Ed25519 private key in `text`; throws when it is anything else. */
export function parseIdentityPrivateKey(text: string): KeyObject {
  const der = derOf(text);
  if (!der && !text.includes('PRIVATE KEY-----')) throw new Error('not a private key');
  const key = createPrivateKey(der ? { key: der, format: 'der', type: 'pkcs8' } : text.trim());
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`an ${key.asymmetricKeyType} key, not Ed25519`);
  return key;
}

/**
 * One or more Ed25519 public keys (several during a rotation): PEM blocks one after the other, or base64 DER
 * values separated by commas or whitespace. Throws when any of them is not an Ed25519 public key.
 */
export function parseIdentityPublicKeys(text: string): KeyObject[] {
  if (text.includes('PRIVATE KEY')) throw new Error('a private key, not a public one');
  const pems = text.match(/-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g);
  const entries = pems ?? text.split(/[\s,]+/).filter(Boolean);
  if (entries.length === 0) throw new Error('no key');
  return entries.map(parseIdentityPublicKey);
}

/** The 32 random bytes an Ed25519 private key is made of. */
export function privateKeySeed(key: KeyObject): Buffer {
  const jwk = key.export({ format: 'jwk' });
  return Buffer.from(jwk.d ?? '', 'base64url');
}

/** Whether a private key belongs with one of the public keys. */
export function isKeyPair(privateKey: KeyObject, publicKeys: KeyObject[]): boolean {
  const derived = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return publicKeys.some((key) => derived.equals(key.export({ format: 'der', type: 'spki' })));
}

/** A fresh key pair, each key as one line of base64 DER. */
export function generateIdentityKeyPair(): IdentityKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}
