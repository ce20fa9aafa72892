import { randomBytes } from 'node:crypto';
import type { AnswerRequest, DraftRequest, QuotableFacts, UnderstandRequest } from '../src/model';

/** A fresh random key per test file, never a constant in the repository. */
export const randomApiKey = () => `sk-${randomBytes(24).toString('base64url')}`;

export const facts: QuotableFacts = {
  pricing: [
    {
      procedureName: 'Botox',
      priceMin: 12,
      priceMax: 14,
      currency: 'USD',
      unit: 'unit',
      locationName: null,
    },
  ],
  promotions: [
    {
      name: 'Spring Botox',
      description: '20% off Botox',
      procedureNames: ['Botox'],
      locationName: null,
      endsAt: null,
    },
  ],
  consultationFees: ['Free consultation'],
};

export function understandRequest(text: string): UnderstandRequest {
  return { channel: 'form', text, practiceProcedures: ['Botox', 'Lip Filler', 'Tummy Tuck'] };
}

export function draftRequest(overrides: Partial<DraftRequest> = {}): DraftRequest {
  return {
    ...facts,
    channel: 'sms',
    purpose: 'first_contact',
    language: 'en',
    intent: 'pricing',
    procedures: ['Botox'],
    recipient: { firstName: 'Maria', lastName: 'Lopez' },
    practice: { name: 'Glow Aesthetics', locationName: 'Downtown', phone: '(555) 123-4567' },
    inbound: 'How much is botox?',
    ...overrides,
  };
}

export function answerRequest(overrides: Partial<AnswerRequest> = {}): AnswerRequest {
  return {
    ...facts,
    question: 'How long does Botox last?',
    context: [
      { id: 'chunk-1', text: 'Botox results usually last three to four months.', title: 'Botox' },
      { id: 'chunk-2', text: 'We are open Monday to Friday, 9 to 5.', title: 'Hours' },
    ],
    practice: { name: 'Glow Aesthetics' },
    ...overrides,
  };
}

/** A valid understanding as the endpoint would answer it; override any field. */
export function understandingJson(overrides: Record<string, unknown> = {}) {
  return {
    language: 'en',
    intent: 'pricing',
    intent_confidence: 0.92,
    procedures_of_interest: ['Botox'],
    urgency_level: 'medium',
    key_concerns: ['price'],
    inquiry_summary: 'Asks what Botox costs for forehead lines.',
    escalations: [],
    buying_signals: ['asked for price'],
    objections: [{ objection_type: 'price', likelihood: 0.4 }],
    budget_indicator: null,
    preferred_contact_method: 'sms',
    preferred_contact_time: null,
    communication_style: 'brief',
    confidence: 0.9,
    reasoning: 'The lead asks for the price of Botox.',
    ...overrides,
  };
}

export function draftJson(body: string, overrides: Record<string, unknown> = {}) {
  return { subject: null, body, used_correction: false, reasoning: 'A short first reply.', ...overrides };
}
