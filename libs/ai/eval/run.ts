import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as ai from '../src';
import type { Draft, DraftRequest, QuotableFacts, Understanding } from '../src';
import { LearnedReader } from '../src/learned/learned-reader';
import {
  answeredReadings,
  autoSend,
  calibrationError,
  loadFixture,
  readAll,
  score,
  type Fixture,
  type Scores,
} from './metrics';
import { BLIND_SETS, REGRESSION_SETS } from './sets';

/**
 * `npm run eval:ai`: the built-in provider (rules and the learned reader, as the product runs it) over the
 * labelled inquiries (fixtures/README.md), in two kinds of set, labelled as such: regression sets (tuned on:
 * their figures must not drop; eval.spec.ts holds the floor) and blind sets (written without reading the rules
 * or the training data, committed before the provider first read them, never tuned on). Prints the figures;
 * exits 0. `--verbose` lists the misreadings of the regression sets (never of a blind set: reading them is
 * tuning). `--set=dev,blind-1` prints only the named sets; a set held aside (in no list of `sets.ts`, e.g.
 * `training-5`) is printed only when named so. `--rules-only` reads with the rules alone, for comparison.
 */

// Compiled to eval/dist/eval/run.js (with the library beside it in eval/dist/src).
const fixtures = join(__dirname, '..', '..', 'fixtures');
const verbose = process.argv.includes('--verbose');
const rulesOnly = process.argv.includes('--rules-only');
const setsArgument = process.argv.find((argument) => argument.startsWith('--set='));
const chosen = setsArgument ? new Set(setsArgument.slice('--set='.length).split(',')) : null;

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const figure = (value: number) => value.toFixed(3);

const PHONE_FIELD = /^(phone|phone_number|tel|telephone|mobile|cell|cell_phone|telefono|celular)$/i;
/** Confidences at which the auto-send trade-off is shown (the engine's own: ai.REVIEW_BELOW_CONFIDENCE). */
const AUTO_SEND_THRESHOLDS = [0.6, 0.7, ai.REVIEW_BELOW_CONFIDENCE, 0.9];

/**
 * The draft metric: a first-contact reply drafted for every inquiry of the set, as the engine would send it (SMS
 * to an SMS, or to a form that gave a phone number; email otherwise), with the fixture practice's pricing,
 * promotions and consultation fees; counts the drafts quoting an amount those facts do not hold
 * (findInventedPrices), and SMS drafts over 2 segments.
 */
function inventedPrices(fixture: Fixture, readings: readonly Understanding[]): string {
  const facts: QuotableFacts = {
    pricing: fixture.practice.pricing,
    promotions: fixture.practice.promotions,
    consultationFees: fixture.practice.consultationFees,
  };
  const location = fixture.practice.locations.find((item) => item.primary) ?? fixture.practice.locations[0];
  let drafts = 0;
  let invented = 0;
  let tooLong = 0;
  fixture.inquiries.forEach((inquiry, index) => {
    const understanding = readings[index];
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
  });
  const share = percent(drafts === 0 ? 0 : invented / drafts);
  return `${share} (${invented} of ${drafts} drafts; ${tooLong} SMS over 2 segments)`;
}

async function report(
  model: ai.LanguageModel,
  kind: 'regression' | 'blind' | 'held-aside',
  name: string,
  file: string,
): Promise<void> {
  if (chosen && !chosen.has(name)) return;
  const path = join(fixtures, file);
  if (!existsSync(path)) throw new Error(`${name}: fixtures/${file} not found`);
  const fixture = loadFixture(path);
  const readings = await readAll(fixture, (request) => model.understand(request));
  const scores: Scores = score(fixture, readings);
  console.log(`${name} (${kind} set, ${file}, ${scores.count} inquiries)`);
  console.log(`  intent accuracy         ${figure(scores.intentAccuracy)}`);
  console.log(
    `  procedure micro-F1      ${figure(scores.procedureF1)}  (precision ${figure(scores.procedurePrecision)}, recall ${figure(scores.procedureRecall)})`,
  );
  console.log(`  urgency accuracy        ${figure(scores.urgencyAccuracy)}`);
  console.log(
    `  escalation recall       ${figure(scores.escalationRecall)}  (precision ${figure(scores.escalationPrecision)}, right reason ${figure(scores.escalationReasonAccuracy)})`,
  );
  const missed = scores.escalationsMissed;
  console.log(
    `  escalations missed      ${missed.all}; of the ${missed.mustEscalateLabelled} a person must handle (all but low_confidence): ${missed.mustEscalate}; replies sent without review: ${missed.unreviewed}`,
  );
  console.log(
    `  false escalations       ${percent(scores.falseEscalationRate)} of the inquiries no person needs`,
  );
  console.log(
    `  opt-outs                recall ${figure(scores.optOutRecall)}, ${scores.falseOptOuts} false; spam and wrong numbers without outreach ${percent(scores.notALeadHeld)}`,
  );
  console.log(`  language accuracy       ${figure(scores.languageAccuracy)}`);
  console.log(`  drafts with an invented price  ${inventedPrices(fixture, readings)}`);
  const tradeOff = AUTO_SEND_THRESHOLDS.map((threshold) => autoSend(fixture, readings, threshold))
    .map((f) => `at ${f.threshold}: ${percent(f.autoSent)} sent, ${percent(f.precision)} right`)
    .join('; ');
  console.log(`  sent without review     ${tradeOff}`);
  console.log(
    `  confidence              calibration error ${figure(calibrationError(answeredReadings(fixture, readings)))} on the readings it would answer itself`,
  );
  if (verbose && kind === 'regression' && scores.mistakes.length > 0) {
    console.log(`  misreadings (${scores.mistakes.length}):`);
    for (const mistake of scores.mistakes) {
      console.log(
        `    ${mistake.id} ${mistake.field}: expected ${mistake.expected}, got ${mistake.got} | ${mistake.text}`,
      );
    }
  }
  console.log('');
}

async function main(): Promise<void> {
  const reader = rulesOnly ? null : await LearnedReader.load();
  const model = new ai.BuiltInLanguageModel({ reader: Promise.resolve(reader) });
  console.log(`Built-in provider, ${reader ? 'rules and the learned reader' : 'rules alone'}.\n`);
  console.log(
    'Blind sets: never tuned on; these figures are what the product reads on inquiries it has not seen.\n',
  );
  for (const { name, file } of BLIND_SETS) await report(model, 'blind', name, file);
  console.log(
    'Regression sets: tuned on (their misreadings were read to change the rules, or trained on).\n',
  );
  for (const { name, file } of REGRESSION_SETS) await report(model, 'regression', name, file);
  const listed = new Set([...BLIND_SETS, ...REGRESSION_SETS].map((set) => set.name));
  const heldAside = [...(chosen ?? [])].filter((name) => !listed.has(name) && /^[a-z0-9-]+$/.test(name));
  if (heldAside.length > 0)
    console.log('Held aside: neither blind nor regression sets (fixtures/README.md).\n');
  for (const name of heldAside) await report(model, 'held-aside', name, `${name}.json`);
  await reader?.close();
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
