import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as ai from '../src';
import type { Draft, DraftRequest, QuotableFacts } from '../src';
import { loadFixture, requestOf, score, type Fixture, type Scores } from './metrics';

/**
 * `npm run eval:ai`: the built-in provider over the labelled inquiries (fixtures/README.md), the dev set and the
 * holdout separately. Prints the figures; exits 0 (the targets are held by eval.spec.ts on the dev set).
 * `--verbose` lists the dev set's misreadings (never the holdout's: it measures what was not tuned for).
 */

// Compiled to eval/dist/eval/run.js (with the library beside it in eval/dist/src).
const fixtures = join(__dirname, '..', '..', 'fixtures');
const verbose = process.argv.includes('--verbose');

type DraftFn = (request: DraftRequest) => Draft;
type PriceCheckFn = (text: string, facts: QuotableFacts) => string[];

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const figure = (value: number) => value.toFixed(3);

/** Drafts a first reply to every inquiry that gets one, and counts those quoting a price not in the pricing. */
function inventedPrices(fixture: Fixture): string {
  const exports = ai as unknown as Record<string, unknown>;
  const draft = exports['draftMessage'] as DraftFn | undefined;
  const check = exports['findInventedPrices'] as PriceCheckFn | undefined;
  if (typeof draft !== 'function' || typeof check !== 'function') return 'n/a (no drafting yet)';
  const facts: QuotableFacts = {
    pricing: fixture.practice.pricing,
    promotions: fixture.practice.promotions,
    consultationFees: fixture.practice.consultationFees,
  };
  const location = fixture.practice.locations.find((item) => item.primary) ?? fixture.practice.locations[0];
  let drafts = 0;
  let invented = 0;
  for (const inquiry of fixture.inquiries) {
    const understanding = ai.understandInquiry(requestOf(inquiry, fixture.practice));
    if (understanding.escalation || ['spam', 'opt_out', 'wrong_number'].includes(understanding.intent))
      continue;
    const firstName = (inquiry.form_fields?.['name'] ?? '').split(/\s+/)[0] || null;
    const body = draft({
      ...facts,
      channel: inquiry.channel === 'email' ? 'email' : 'sms',
      purpose: inquiry.channel === 'form' ? 'first_contact' : 'reply',
      language: understanding.language,
      intent: understanding.intent,
      procedures: understanding.procedures_of_interest,
      key_concerns: understanding.key_concerns,
      recipient: { firstName, lastName: null },
      practice: {
        name: fixture.practice.name,
        locationName: location?.name ?? null,
        phone: location?.phone ?? null,
        address: location?.address ?? null,
        timezone: location?.timezone ?? null,
      },
      inbound: inquiry.text,
      maxSmsSegments: 2,
    }).body;
    drafts += 1;
    if (check(body, facts).length > 0) invented += 1;
  }
  return `${percent(drafts === 0 ? 0 : invented / drafts)} (${invented} of ${drafts} drafts)`;
}

function report(name: string, file: string, showMistakes: boolean): void {
  const path = join(fixtures, file);
  if (!existsSync(path)) {
    console.log(`${name}: ${file} not found`);
    return;
  }
  const fixture = loadFixture(path);
  const scores: Scores = score(fixture, ai.understandInquiry);
  console.log(`${name} (${file}, ${scores.count} inquiries, built-in provider)`);
  console.log(`  intent accuracy         ${figure(scores.intentAccuracy)}`);
  console.log(
    `  procedure micro-F1      ${figure(scores.procedureF1)}  (precision ${figure(scores.procedurePrecision)}, recall ${figure(scores.procedureRecall)})`,
  );
  console.log(`  urgency accuracy        ${figure(scores.urgencyAccuracy)}`);
  console.log(
    `  escalation recall       ${figure(scores.escalationRecall)}  (precision ${figure(scores.escalationPrecision)}, right reason ${figure(scores.escalationReasonAccuracy)})`,
  );
  console.log(`  language accuracy       ${figure(scores.languageAccuracy)}`);
  console.log(`  drafts with an invented price  ${inventedPrices(fixture)}`);
  if (showMistakes && scores.mistakes.length > 0) {
    console.log(`  misreadings (${scores.mistakes.length}):`);
    for (const mistake of scores.mistakes) {
      console.log(
        `    ${mistake.id} ${mistake.field}: expected ${mistake.expected}, got ${mistake.got} | ${mistake.text}`,
      );
    }
  }
  console.log('');
}

report('dev', 'inquiries.json', verbose);
report('holdout', 'holdout.json', false);
