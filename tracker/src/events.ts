import type { TrackingEventInput, TrackingEventType } from '../../libs/contracts/src/engine/tracking';
import { TRACKING_LIMITS } from '../../libs/contracts/src/engine/tracking';

export { TRACKING_LIMITS };

/** What the script sends: the ingress's types plus time on page (heartbeat while visible, pageleave on leave). */
export type ScriptEventType = TrackingEventType | 'heartbeat' | 'pageleave';
export type ScriptEvent = Omit<TrackingEventInput, 'type'> & { type: ScriptEventType };

/** Bytes of a string once UTF-8 encoded (what the ingress's 64 KiB body limit counts). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

export const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);
