import type { CorrectionExample } from '../../model';

/**
 * Learned templates (docs/product/ai-engine.md#learning): a correction staff asked to remember becomes a template
 * for later drafts of the same situation. The names the corrected draft was written for (first name, procedure,
 * practice, location) become placeholders, filled with the next recipient's.
 */
export type Slot = 'first_name' | 'procedure' | 'practice' | 'location';

const token = (slot: Slot) => `\u27E6${slot}\u27E7`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function learnedTemplate(correction: CorrectionExample): string {
  const names: [Slot, string][] = (
    [
      ['practice', correction.practiceName],
      ['location', correction.locationName],
      ['procedure', correction.procedureName],
      ['first_name', correction.firstName],
    ] as [Slot, string | null | undefined][]
  )
    .filter((n): n is [Slot, string] => typeof n[1] === 'string' && n[1].trim().length > 1)
    .map(([slot, name]) => [slot, name.trim()] as [Slot, string])
    // Longest first, so that a practice name holding the location's name is replaced whole.
    .sort((a, b) => b[1].length - a[1].length);
  let template = correction.corrected;
  for (const [slot, name] of names) {
    template = template.replace(
      new RegExp(`(?<![\\p{L}\\p{N}])${escape(name)}(?![\\p{L}\\p{N}])`, 'giu'),
      token(slot),
    );
  }
  return template;
}

export function slotsOf(template: string): Slot[] {
  return (['first_name', 'procedure', 'practice', 'location'] as Slot[]).filter((s) =>
    template.includes(token(s)),
  );
}

/**
 * The template filled with this recipient's names; null when it needs a name this draft does not have (a
 * procedure or a location), so the plain template is used instead. A missing first name is left out.
 */
export function fillTemplate(template: string, values: Partial<Record<Slot, string | null>>): string | null {
  let text = template;
  for (const slot of slotsOf(template)) {
    const value = values[slot];
    if (value) {
      text = text.split(token(slot)).join(value);
    } else if (slot === 'first_name') {
      text = text.replace(new RegExp(`\\s*${escape(token(slot))}`, 'g'), '');
    } else {
      return null;
    }
  }
  return text.replace(/ {2,}/g, ' ').replace(/ +([,.!?:;])/g, '$1');
}
