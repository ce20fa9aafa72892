import { createHash } from 'node:crypto';

/** The namespace of catalogue ids (a fixed UUID): ids are UUID v5 of the key in it. */
const NAMESPACE = '3f6c1f0e-8a52-4f7d-9c1b-6d0e2a4b8c71';

/**
 * The stable id of a catalogue entry: a name-based UUID (v5, SHA-1) of 'category:<key>' or
 * 'procedure:<key>', so every database, the seed and the tests agree on it without a lookup.
 */
export function catalogueId(kind: 'category' | 'procedure', key: string): string {
  const namespace = Buffer.from(NAMESPACE.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(namespace).update(`${kind}:${key}`).digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
