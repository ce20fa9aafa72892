import { readFileSync } from 'node:fs';
import type { EscalationReason, Intent, Language, UrgencyLevel } from '@pp/contracts';
import type { InquiryChannel, PriceQuote, PromotionQuote, Understanding, UnderstandRequest } from '../src';

/**
 * The evaluation of the AI engine (docs/product/ai-engine.md#quality): labelled inquiries (fixtures/README.md)
 * read by a provider, scored against their labels. Shared by the `npm run eval:ai` command and the unit test
 * that holds the built-in provider to the targets.
 */

export interface FixturePractice {
  name: string;
  locations: { name: string; address?: string; phone?: string; timezone?: string; primary?: boolean }[];
  procedures: string[];
  pricing: PriceQuote[];
  promotions: PromotionQuote[];
  consultationFees: string[];
}

export interface FixtureInquiry {
  id: string;
  channel: 'form' | 'sms' | 'email';
  subject?: string;
  text: string;
  form_fields?: Record<string, string>;
  conversation?: { from: 'contact' | 'practice'; text: string }[];
  expected: {
    intent: Intent;
    procedures: string[];
    urgency: UrgencyLevel;
    language: Language;
    escalation: EscalationReason | null;
  };
}

export interface Fixture {
  practice: FixturePractice;
  inquiries: FixtureInquiry[];
}

export function loadFixture(path: string): Fixture {
  return JSON.parse(readFileSync(path, 'utf8')) as Fixture;
}

/** A website form's raw field names mapped as the intake's automatic field mapping does. */
const FIELD_TARGETS: [RegExp, string][] = [
  [
    /^(procedure|service|services|treatment|treatments|interest|procedure_interest|servicio)$/i,
    'procedure_interest',
  ],
  [
    /^(preferred_contact|contact_method|preferred_contact_method|contact_preference)$/i,
    'preferred_contact_method',
  ],
  [/^(preferred_time|best_time|time|preferred_contact_time)$/i, 'preferred_time'],
  [/^(location|office|clinic|location_preference)$/i, 'location_preference'],
];

export function requestOf(inquiry: FixtureInquiry, practice: FixturePractice): UnderstandRequest {
  const formFields: Record<string, string> = {};
  for (const [name, value] of Object.entries(inquiry.form_fields ?? {})) {
    const target = FIELD_TARGETS.find(([pattern]) => pattern.test(name))?.[1];
    if (target && value) formFields[target] = value;
  }
  return {
    channel: inquiry.channel as InquiryChannel,
    text: inquiry.text,
    subject: inquiry.subject ?? null,
    formFields,
    conversation: inquiry.conversation,
    practiceProcedures: practice.procedures,
  };
}

export interface Mistake {
  id: string;
  field: 'intent' | 'procedures' | 'urgency' | 'escalation' | 'language';
  expected: string;
  got: string;
  text: string;
}

export interface Scores {
  count: number;
  intentAccuracy: number;
  procedureF1: number;
  procedurePrecision: number;
  procedureRecall: number;
  urgencyAccuracy: number;
  /** Escalated (for any reason) when a label says a person must handle it. */
  escalationRecall: number;
  escalationPrecision: number;
  /** Of the expected escalations found, the share with the labelled reason. */
  escalationReasonAccuracy: number;
  languageAccuracy: number;
  mistakes: Mistake[];
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);

export function score(fixture: Fixture, understand: (request: UnderstandRequest) => Understanding): Scores {
  let intents = 0;
  let urgencies = 0;
  let languages = 0;
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  let expectedEscalations = 0;
  let foundEscalations = 0;
  let madeEscalations = 0;
  let rightReasons = 0;
  const mistakes: Mistake[] = [];
  for (const inquiry of fixture.inquiries) {
    const got = understand(requestOf(inquiry, fixture.practice));
    const expected = inquiry.expected;
    const text = inquiry.text.replace(/\s+/g, ' ').slice(0, 140);
    const miss = (field: Mistake['field'], want: string, have: string) =>
      mistakes.push({ id: inquiry.id, field, expected: want, got: have, text });
    if (got.intent === expected.intent) intents += 1;
    else miss('intent', expected.intent, got.intent);
    if (got.urgency_level === expected.urgency) urgencies += 1;
    else miss('urgency', expected.urgency, got.urgency_level);
    if (got.language === expected.language) languages += 1;
    else miss('language', expected.language, got.language);
    const want = new Set(expected.procedures);
    const have = new Set(got.procedures_of_interest);
    const hits = [...have].filter((name) => want.has(name)).length;
    truePositives += hits;
    falsePositives += have.size - hits;
    falseNegatives += want.size - hits;
    if (hits !== want.size || hits !== have.size) {
      miss('procedures', [...want].join(', ') || '-', [...have].join(', ') || '-');
    }
    const gotReason = got.escalation?.reason ?? null;
    if (expected.escalation) expectedEscalations += 1;
    if (gotReason) madeEscalations += 1;
    if (expected.escalation && gotReason) {
      foundEscalations += 1;
      if (gotReason === expected.escalation) rightReasons += 1;
    }
    if (gotReason !== expected.escalation) miss('escalation', expected.escalation ?? '-', gotReason ?? '-');
  }
  const precision = ratio(truePositives, truePositives + falsePositives);
  const recall = ratio(truePositives, truePositives + falseNegatives);
  const count = fixture.inquiries.length;
  return {
    count,
    intentAccuracy: ratio(intents, count),
    procedureF1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    procedurePrecision: precision,
    procedureRecall: recall,
    urgencyAccuracy: ratio(urgencies, count),
    escalationRecall: ratio(foundEscalations, expectedEscalations),
    escalationPrecision: ratio(foundEscalations, madeEscalations),
    escalationReasonAccuracy: ratio(rightReasons, foundEscalations),
    languageAccuracy: ratio(languages, count),
    mistakes,
  };
}
