import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as ai from '../src';
import type { Draft, DraftRequest, QuotableFacts } from '../src';
import { loadFixture, requestOf, score, type Fixture, type Scores } from './metrics';

/**
 * `npm run eval:ai`: the built-in provider over the labelled inquiries (fixtures/README.md), the dev set, the
 * generalisation sets and the holdout separately. Prints the figures; exits 0 (the targets are held by
 * eval.spec.ts on the dev and generalisation sets). `--verbose` lists the misreadings of the dev and
 * generalisation sets (never the holdout's: it measures what was not tuned for). `--set=dev,generalisation`
 * prints only the named sets.
 */

// Compiled to eval/dist/eval/run.js (with the library beside it in eval/dist/src).
const fixtures = join(__dirname, '..', '..', 'fixtures');
const verbose = process.argv.includes('--verbose');
const setsArgument = process.argv.find((argument) => argument.startsWith('--set='));
const chosen = setsArgument ? new Set(setsArgument.slice('--set='.length).split(',')) : null;

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const figure = (value: number) => value.toFixed(3);

const PHONE_FIELD = /^(phone|phone_number|tel|telephone|mobile|cell|cell_phone|telefono|celular)$/i;

/**
 * The draft metric: a first-contact reply drafted for every inquiry of the set, as the engine would send it (SMS
 * to an SMS, or to a form that gave a phone number; email otherwise), with the fixture practice's pricing,
 * promotions and consultation fees; counts the drafts quoting an amount those facts do not hold
 * (findInventedPrices), and SMS drafts over 2 segments.
 */
function inventedPrices(fixture: Fixture): string {
  const facts: QuotableFacts = {
    pricing: fixture.practice.pricing,
    promotions: fixture.practice.promotions,
    consultationFees: fixture.practice.consultationFees,
  };
  const location = fixture.practice.locations.find((item) => item.primary) ?? fixture.practice.locations[0];
  let drafts = 0;
  let invented = 0;
  let tooLong = 0;
  for (const inquiry of fixture.inquiries) {
    const understanding = ai.understandInquiry(requestOf(inquiry, fixture.practice));
    const fields = Object.entries(inquiry.form_fields ?? {});
    const hasPhone = fields.some(([name, value]) => PHONE_FIELD.test(name) && value.trim().length > 0);
    const channel = inquiry.channel === 'sms' || (inquiry.channel === 'form' && hasPhone) ? 'sms' : 'email';
    const fullName = fields.find(([name]) => /^(name|full_name|first_name|nombre)$/i.test(name))?.[1] ?? '';
    const request: DraftRequest = {
      ...facts,
      channel,
      purpose: 'first_contact',
      language: understanding.language,
      intent: understanding.intent,
      procedures: understanding.procedures_of_interest,
      key_concerns: understanding.key_concerns,
      recipient: { firstName: fullName.split(/\s+/)[0] || null, lastName: null },
      practice: {
        name: fixture.practice.name,
        locationName: location?.name ?? null,
        phone: location?.phone ?? null,
        address: location?.address ?? null,
        timezone: location?.timezone ?? null,
      },
      inbound: inquiry.text,
      maxSmsSegments: 2,
    };
    const draft: Draft = ai.draftMessage(request);
    drafts += 1;
    if (ai.findInventedPrices(draft.body, facts).length > 0) invented += 1;
    if (channel === 'sms' && ai.smsSegments(draft.body) > 2) tooLong += 1;
  }
  const share = percent(drafts === 0 ? 0 : invented / drafts);
  return `${share} (${invented} of ${drafts} drafts; ${tooLong} SMS over 2 segments)`;
}

function report(name: string, file: string, showMistakes: boolean): void {
  if (chosen && !chosen.has(name)) return;
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
report('generalisation', 'generalisation.json', verbose);
report('generalisation-2', 'generalisation-2.json', verbose);
report('generalisation-3', 'generalisation-3.json', verbose);
report('generalisation-4', 'generalisation-4.json', verbose);
report('generalisation-5', 'generalisation-5.json', verbose);
report('holdout', 'holdout.json', false);
