import { readFileSync } from 'node:fs';
import type { EscalationReason, Intent, Language, UrgencyLevel } from '@pp/contracts';
import type { InquiryChannel, PriceQuote, PromotionQuote, Understanding, UnderstandRequest } from '../src';
import { REVIEW_BELOW_CONFIDENCE } from '../src/model';

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
  [/^(dob|date_of_birth|birth_?date|birthday|fecha_de_nacimiento|data_de_nascimento)$/i, 'date_of_birth'],
];

/**
 * The day every labelled inquiry is read as received: their labels were written in November 2026, so 'born in
 * 2010' is a 16-year-old's, whenever the evaluation runs.
 */
export const FIXTURES_RECEIVED_AT = new Date('2026-11-15T12:00:00Z');

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
    receivedAt: FIXTURES_RECEIVED_AT,
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
  /**
   * Labelled escalations not escalated; of them, those a person must handle (every reason but low_confidence), and
   * those whose reply would still go without a person (confidence at or above REVIEW_BELOW_CONFIDENCE, the bar
   * under which even full_auto waits for staff).
   */
  escalationsMissed: { all: number; mustEscalate: number; mustEscalateLabelled: number; unreviewed: number };
  /** Of the expected escalations found, the share with the labelled reason. */
  escalationReasonAccuracy: number;
  languageAccuracy: number;
  /** Of the inquiries no person needs, the share escalated anyway. */
  falseEscalationRate: number;
  /** Of the opt-outs, the share read as opt-outs. */
  optOutRecall: number;
  /** Inquiries read as opt-outs that are not. */
  falseOptOuts: number;
  /** Of spam and wrong numbers, the share that gets no sales outreach (read as such, or handed to a person). */
  notALeadHeld: number;
  mistakes: Mistake[];
}

/** What the engine would do unattended with a reading, at a confidence below which it asks staff first. */
export interface AutoSendFigures {
  threshold: number;
  /** Of all inquiries, the share the AI would answer without a person (no escalation, sure enough). */
  autoSent: number;
  /** Of those, the share read right (intent as labelled, and no person needed). */
  precision: number;
}

/** Outreach that stops: no reply goes out. */
const STOPPING = new Set(['opt_out', 'spam', 'wrong_number']);

export function autoSend(
  fixture: Fixture,
  readings: readonly Understanding[],
  threshold: number,
): AutoSendFigures {
  const sent = answeredReadings(fixture, readings).filter((item) => item.confidence >= threshold);
  const right = sent.filter((item) => item.right).length;
  return {
    threshold,
    autoSent: ratio(sent.length, fixture.inquiries.length),
    precision: ratio(right, sent.length),
  };
}

/**
 * The expected calibration error of confidences: over ten bins of confidence, the mean gap between the
 * confidence and how often readings of that confidence are right, weighted by the bin's size. 0 is honest.
 */
export function calibrationError(items: readonly { confidence: number; right: boolean }[]): number {
  const bins = Array.from({ length: 10 }, () => ({ confidence: 0, right: 0 }));
  for (const { confidence, right } of items) {
    const bin = bins[Math.min(9, Math.floor(confidence * 10))];
    bin.confidence += confidence;
    bin.right += right ? 1 : 0;
  }
  return bins.reduce((sum, bin) => sum + Math.abs(bin.confidence - bin.right), 0) / Math.max(items.length, 1);
}

/** The readings the engine would answer itself (no person, outreach goes on), each with whether it is right. */
export function answeredReadings(
  fixture: Fixture,
  readings: readonly Understanding[],
): { confidence: number; right: boolean }[] {
  return fixture.inquiries.flatMap((inquiry, index) => {
    const got = readings[index];
    if (got.escalation || STOPPING.has(got.intent)) return [];
    const right = got.intent === inquiry.expected.intent && !inquiry.expected.escalation;
    return [{ confidence: got.confidence, right }];
  });
}

/** Every inquiry of a fixture read by a provider (in order). */
export async function readAll(
  fixture: Fixture,
  understand: (request: UnderstandRequest) => Understanding | Promise<Understanding>,
): Promise<Understanding[]> {
  const readings: Understanding[] = [];
  for (const inquiry of fixture.inquiries)
    readings.push(await understand(requestOf(inquiry, fixture.practice)));
  return readings;
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);

/** A provider's readings of a fixture (readAll) scored against its labels. */
export function score(fixture: Fixture, readings: readonly Understanding[]): Scores {
  let intents = 0;
  let urgencies = 0;
  let languages = 0;
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  let expectedEscalations = 0;
  let foundEscalations = 0;
  let mustEscalateLabelled = 0;
  let mustEscalateMissed = 0;
  let missedUnreviewed = 0;
  let madeEscalations = 0;
  let rightReasons = 0;
  let falseEscalations = 0;
  let optOuts = 0;
  let optOutsRead = 0;
  let falseOptOuts = 0;
  let notALead = 0;
  let notALeadHeld = 0;
  const mistakes: Mistake[] = [];
  fixture.inquiries.forEach((inquiry, index) => {
    const got = readings[index];
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
    if (expected.escalation && expected.escalation !== 'low_confidence') {
      mustEscalateLabelled += 1;
      if (!gotReason) mustEscalateMissed += 1;
    }
    const unreviewed = got.confidence >= REVIEW_BELOW_CONFIDENCE && !STOPPING.has(got.intent);
    if (expected.escalation && !gotReason && unreviewed) missedUnreviewed += 1;
    if (gotReason) madeEscalations += 1;
    if (expected.escalation && gotReason) {
      foundEscalations += 1;
      if (gotReason === expected.escalation) rightReasons += 1;
    }
    if (!expected.escalation && gotReason) falseEscalations += 1;
    if (gotReason !== expected.escalation) miss('escalation', expected.escalation ?? '-', gotReason ?? '-');
    if (expected.intent === 'opt_out') {
      optOuts += 1;
      if (got.intent === 'opt_out') optOutsRead += 1;
    } else if (got.intent === 'opt_out') falseOptOuts += 1;
    if (expected.intent === 'spam' || expected.intent === 'wrong_number') {
      notALead += 1;
      if (STOPPING.has(got.intent) || gotReason) notALeadHeld += 1;
    }
  });
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
    escalationsMissed: {
      all: expectedEscalations - foundEscalations,
      mustEscalate: mustEscalateMissed,
      mustEscalateLabelled,
      unreviewed: missedUnreviewed,
    },
    escalationReasonAccuracy: ratio(rightReasons, foundEscalations),
    languageAccuracy: ratio(languages, count),
    falseEscalationRate: ratio(falseEscalations, count - expectedEscalations),
    optOutRecall: ratio(optOutsRead, optOuts),
    falseOptOuts,
    notALeadHeld: ratio(notALeadHeld, notALead),
    mistakes,
  };
}
