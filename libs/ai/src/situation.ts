import type { Intent, Language } from '@pp/contracts';
import type { MessageChannel, MessagePurpose } from './model';

/**
 * The situation a draft is written for: corrections staff asked to remember apply to later drafts of the same
 * situation (docs/product/ai-engine.md#learning). Procedures are left out on purpose, so that a correction of
 * a Botox first reply also shapes a filler first reply (the template names the procedure).
 */
export function situationKey(s: {
  channel: MessageChannel;
  purpose: MessagePurpose;
  intent: Intent;
  language: Language;
}): string {
  return `${s.channel}:${s.purpose}:${s.intent}:${s.language}`;
}
