import type { BehavioralInsights, PersonDto, ScoreFactor } from '@pp/contracts';
import { en } from '../../i18n/en';

/** Reading a lead for display (docs/product/leads.md#lead-detail, #person). */

type Named = Pick<PersonDto, 'first_name' | 'last_name'> | null | undefined;

/** 'First Last', or 'Unknown' when the lead has no name. */
export function personName(person: Named): string {
  const name = [person?.first_name, person?.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || en.pp.search.unknown;
}

/** The avatar's letters: first letters of first and last name, or 'LD' when there is no name. */
export function initials(person: Named): string {
  const letters = [person?.first_name, person?.last_name]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  return letters || en.pp.search.no_name_initials;
}

/**
 * behavioral_insights as an object. It may arrive as JSON text (docs/product/leads.md) and is then parsed; text that is
 * not a JSON object gives null rather than an error, so one bad record cannot break a list.
 */
export function parseInsights(
  person: Pick<PersonDto, 'behavioral_insights'> | null | undefined,
): BehavioralInsights | null {
  const raw = person?.behavioral_insights;
  if (!raw) return null;
  if (typeof raw !== 'string') return typeof raw === 'object' && !Array.isArray(raw) ? raw : null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as BehavioralInsights)
      : null;
  } catch {
    return null;
  }
}

type Scored = Pick<PersonDto, 'behavioral_insights'> | null | undefined;

/** The lead score (0–100) from the behavioural insights, or null. */
export function leadScore(person: Scored): number | null {
  const score = parseInsights(person)?.lead_intelligence?.lead_score;
  return typeof score === 'number' && Number.isFinite(score) ? score : null;
}

/**
 * The factors of the lead score (behavioral_insights.lead_intelligence.score_factors) that can be shown: a label
 * and a finite contribution and weight each; anything else is skipped. Largest contribution first.
 */
export function scoreFactors(person: Scored): ScoreFactor[] {
  const factors = parseInsights(person)?.lead_intelligence?.score_factors;
  if (!Array.isArray(factors)) return [];
  const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
  return factors
    .filter(
      (factor): factor is ScoreFactor =>
        !!factor &&
        typeof factor === 'object' &&
        typeof factor.label === 'string' &&
        factor.label.trim() !== '' &&
        finite(factor.contribution) &&
        finite(factor.weight),
    )
    .sort((a, b) => b.contribution - a.contribution);
}

/**
 * The procedures a lead is interested in: the AI's procedures_of_interest when present, otherwise the
 * behavioural insights' procedure_interest names. Blank and repeated names are dropped.
 */
export function procedureNames(
  person: Pick<PersonDto, 'current_outreach_state' | 'behavioral_insights'> | null | undefined,
): string[] {
  const fromAi = person?.current_outreach_state?.ai_insights?.procedures_of_interest;
  const names =
    Array.isArray(fromAi) && fromAi.length > 0
      ? fromAi
      : (parseInsights(person)?.lead_intelligence?.procedure_interest ?? []).map(
          (interest) => interest?.procedure_name,
        );
  const seen = new Set<string>();
  return names.filter((name): name is string => {
    if (typeof name !== 'string' || !name.trim() || seen.has(name.trim().toLowerCase())) return false;
    seen.add(name.trim().toLowerCase());
    return true;
  });
}
