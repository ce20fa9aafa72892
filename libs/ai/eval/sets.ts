/**
 * The labelled sets (fixtures/README.md), by kind. A blind set is written without reading the rules or the
 * training data and committed before the provider first reads it; it is reported untouched (its misreadings never
 * printed) and, when the next blind set is committed, moves to the regression sets (and so into
 * `npm run train:ai`'s training data) — never patched for.
 */

/** What a regression set's figures must not drop below (eval.spec.ts). */
export interface Floor {
  intent: number;
  procedureF1: number;
  /** Escalation recall over every labelled escalation ('low_confidence' included). */
  escalationRecall: number;
  /** At most this share of the inquiries no person needs is escalated. */
  falseEscalations: number;
  optOutRecall: number;
  /** At most this many inquiries are read as opt-outs that are not. */
  falseOptOuts: number;
}

export interface LabelledSet {
  name: string;
  file: string;
}

export const BLIND_SETS: LabelledSet[] = [
  // Written without reading the rules, their tests, the training data or any earlier set; committed before the
  // provider first read it (fixtures/README.md).
  { name: 'blind-35', file: 'blind-35.json' },
];

/** The sets the rules were tuned on, before the learned reader. */
const TUNED: Floor = {
  intent: 0.98,
  procedureF1: 0.97,
  escalationRecall: 1,
  falseEscalations: 0.04,
  optOutRecall: 1,
  falseOptOuts: 0,
};

/**
 * Sets the rules were tuned on whose general questions, symptoms gone and plain appointment changes the reader, at
 * the threshold chosen on traffic (ADR 0050; 0.15 since the rules' readings bound the reader's, ADR 0051), sends to
 * a person a little more often than the rules alone did (generalisation-3: 4 of its 72 everyday messages at most;
 * holdout: "no voy a poder llegar a la cita de hoy, me la pueden pasar" read as a health matter). Since the reader
 * was trained with blind-29 to blind-33: generalisation-2 ("who does the injections at brickell? looking for
 * someone with a light hand" read as asking for a person) and generalisation-4 (a wish to keep the reminders, sent
 * to a new number, read as asking for help).
 */
const TUNED_BESIDE_THE_READER: Floor = { ...TUNED, intent: 0.97, falseEscalations: 0.06 };

/** A blind set trained on since it was reported: what the reader trained on it must keep. */
const ONCE_BLIND: Floor = {
  intent: 0.9,
  procedureF1: 0.93,
  escalationRecall: 0.95,
  falseEscalations: 0.1,
  optOutRecall: 0.95,
  falseOptOuts: 2,
};

export interface RegressionSet extends LabelledSet {
  floor: Floor;
  /**
   * Whether the rules were tuned on the set's misreadings. `npm run train:ai` chooses the learned reader's
   * escalation threshold on the sets they were not tuned on: there the rules read as they do on new inquiries.
   */
  rulesTuned: boolean;
  /**
   * Pairs of a message a person must handle and its closest look-alike, written to teach that boundary: trained
   * on, but not in the mix the escalation threshold is chosen on. Half their messages need a person and every other
   * one is a look-alike, which is no practice's traffic: counted there, they would raise the threshold past what
   * the budget of false escalations asks on traffic, and recall would pay for it.
   */
  pairs?: true;
}

export const REGRESSION_SETS: RegressionSet[] = [
  { name: 'dev', file: 'inquiries.json', floor: TUNED, rulesTuned: true },
  { name: 'generalisation', file: 'generalisation.json', floor: TUNED, rulesTuned: true },
  {
    name: 'generalisation-2',
    file: 'generalisation-2.json',
    floor: TUNED_BESIDE_THE_READER,
    rulesTuned: true,
  },
  {
    name: 'generalisation-3',
    file: 'generalisation-3.json',
    floor: TUNED_BESIDE_THE_READER,
    rulesTuned: true,
  },
  {
    name: 'generalisation-4',
    file: 'generalisation-4.json',
    floor: TUNED_BESIDE_THE_READER,
    rulesTuned: true,
  },
  {
    name: 'generalisation-5',
    file: 'generalisation-5.json',
    floor: TUNED_BESIDE_THE_READER,
    rulesTuned: true,
  },
  { name: 'holdout', file: 'holdout.json', floor: TUNED_BESIDE_THE_READER, rulesTuned: true },
  // Written blind and reported once, untouched (fixtures/README.md), then trained on; the rules were not tuned on it.
  {
    name: 'blind-1',
    file: 'blind-1.json',
    rulesTuned: false,
    floor: { ...TUNED, intent: 0.95, procedureF1: 0.95, falseEscalations: 0.05 },
  },
  // Everyday traffic for the learned reader. One reply ("Cancel" to a reminder) the labels call a cancellation and
  // the product, as the SMS channel's carrier keywords do, an opt-out; one bare "yes" its labels want a person for.
  {
    name: 'training-1',
    file: 'training-1.json',
    rulesTuned: false,
    floor: {
      intent: 0.94,
      procedureF1: 0.95,
      escalationRecall: 0.98,
      falseEscalations: 0.07,
      optOutRecall: 0.94,
      falseOptOuts: 1,
    },
  },
  // Training data written to the hard distinctions (look-alikes paired, warning signs told obliquely, Spanish and
  // Portuguese). The rules were not tuned on it, but for two things its misreadings showed missing as a whole:
  // the warning signs of self-harm and opt-outs in Portuguese.
  {
    name: 'training-2',
    file: 'training-2.json',
    rulesTuned: false,
    floor: {
      intent: 0.92,
      procedureF1: 0.92,
      escalationRecall: 0.97,
      falseEscalations: 0.1,
      optOutRecall: 0.97,
      falseOptOuts: 1,
    },
  },
  // Everyday website traffic in its variety and the look-alikes that fool the learned reader (body areas to be
  // treated, 'talk about' a procedure, financing), written to the labels without reading the rules.
  {
    name: 'training-3',
    file: 'training-3.json',
    rulesTuned: false,
    floor: {
      // 0.897 with the reader trained with blind-20 and training-9 (threshold 0.15, ADR 0052); 0.882 with it trained
      // with training-10 and training-11 (ADR 0057).
      intent: 0.88,
      procedureF1: 0.9,
      escalationRecall: 0.95,
      falseEscalations: 0.1,
      optOutRecall: 0.9,
      falseOptOuts: 1,
    },
  },
  // Written blind and reported twice, untouched (fixtures/README.md); trained on since blind-3 was committed.
  {
    name: 'blind-2',
    file: 'blind-2.json',
    rulesTuned: false,
    floor: { ...ONCE_BLIND, falseOptOuts: 2 },
  },
  // Reported once, untouched, while blind-4 was not yet written; trained on since.
  {
    name: 'blind-3',
    file: 'blind-3.json',
    rulesTuned: false,
    floor: { ...ONCE_BLIND, falseOptOuts: 3 },
  },
  // Reported twice, untouched, while blind-5 was not yet written; trained on since.
  {
    name: 'blind-4',
    file: 'blind-4.json',
    rulesTuned: false,
    floor: ONCE_BLIND,
  },
  // Reported twice, untouched, while blind-6 was not yet written; trained on since.
  {
    name: 'blind-5',
    file: 'blind-5.json',
    rulesTuned: false,
    floor: ONCE_BLIND,
  },
  // Reported twice, untouched, while blind-7 was not yet written; trained on since.
  {
    name: 'blind-6',
    file: 'blind-6.json',
    rulesTuned: false,
    floor: ONCE_BLIND,
  },
  // Reported three times, untouched, while blind-8 was not yet written; trained on since.
  {
    name: 'blind-7',
    file: 'blind-7.json',
    rulesTuned: false,
    floor: ONCE_BLIND,
  },
  // Reported twice, untouched (fixtures/README.md); trained on since.
  {
    name: 'blind-8',
    file: 'blind-8.json',
    rulesTuned: false,
    floor: ONCE_BLIND,
  },
  // Reported once, untouched (fixtures/README.md); trained on since.
  {
    name: 'blind-9',
    file: 'blind-9.json',
    rulesTuned: false,
    floor: { ...ONCE_BLIND, falseEscalations: 0.12, falseOptOuts: 1 },
  },
  // Reported once, untouched (fixtures/README.md), written in voices unlike the earlier sets; trained on since.
  // Held out in train:ai's folds it still reads intent 0.83 with 17 % false escalations: the floor is what the
  // reader trained on it keeps, a little under its figures (0.900, 11.8 %).
  {
    name: 'blind-10',
    file: 'blind-10.json',
    rulesTuned: false,
    floor: { ...ONCE_BLIND, intent: 0.88, falseEscalations: 0.13, falseOptOuts: 1 },
  },
  // Reported three times, untouched (fixtures/README.md); trained on since blind-12 was committed.
  {
    name: 'blind-11',
    file: 'blind-11.json',
    rulesTuned: false,
    floor: ONCE_BLIND,
  },
  // Reported once, untouched (fixtures/README.md); trained on since blind-13 was committed. The reader trained with
  // blind-29 to blind-33 sends one everyday message more to a person (10.3 %): the floor one message wider.
  {
    name: 'blind-12',
    file: 'blind-12.json',
    rulesTuned: false,
    floor: { ...ONCE_BLIND, falseEscalations: 0.11 },
  },
  // Reported four times, untouched (fixtures/README.md); trained on since blind-14 was committed. Trained on, the
  // reader reads it at intent 0.891 with 12.3 % false escalations (its look-alikes of what a person must handle):
  // the floor is a little under that.
  {
    name: 'blind-13',
    file: 'blind-13.json',
    rulesTuned: false,
    floor: { ...ONCE_BLIND, intent: 0.86, falseEscalations: 0.15, falseOptOuts: 1 },
  },
  // Reported three times, untouched (fixtures/README.md); trained on since blind-15 was committed. Its procedure F1
  // is the catalogue's reading, not the reader's (0.903 before and after it was trained on): the floor is under it.
  {
    name: 'blind-14',
    file: 'blind-14.json',
    rulesTuned: false,
    floor: { ...ONCE_BLIND, procedureF1: 0.88 },
  },
  // Reported once, untouched (fixtures/README.md); trained on since blind-16 was committed.
  {
    name: 'blind-15',
    file: 'blind-15.json',
    rulesTuned: false,
    floor: ONCE_BLIND,
  },
  // Reported twice, untouched (fixtures/README.md); trained on since blind-17 was committed.
  {
    name: 'blind-16',
    file: 'blind-16.json',
    rulesTuned: false,
    floor: ONCE_BLIND,
  },
  // Reported once, untouched (fixtures/README.md); trained on since blind-18 was committed.
  {
    name: 'blind-17',
    file: 'blind-17.json',
    rulesTuned: false,
    floor: ONCE_BLIND,
  },
  // Reported once, untouched (fixtures/README.md); trained on since blind-19 was committed. About a hundred
  // look-alikes in the words of what needs a person: trained on, the product reads it at intent 0.884 with 15.3 %
  // false escalations (the reader trained with blind-26; 14.3 % with the threshold of ADR 0050); the floor is a
  // little under that.
  {
    name: 'blind-18',
    file: 'blind-18.json',
    rulesTuned: false,
    floor: { ...ONCE_BLIND, intent: 0.88, falseEscalations: 0.16 },
  },
  // Reported three times, untouched (fixtures/README.md); read and trained on since blind-20 was committed (ADR
  // 0051): trained on, the product reads it at intent 0.941 with 6.7 % false escalations.
  {
    name: 'blind-19',
    file: 'blind-19.json',
    rulesTuned: false,
    floor: ONCE_BLIND,
  },
  // Reported once, untouched (fixtures/README.md); trained on since blind-21 was committed: the product reads it at
  // intent 0.919 with 8.0 % false escalations and no false opt-out.
  {
    name: 'blind-20',
    file: 'blind-20.json',
    rulesTuned: false,
    floor: ONCE_BLIND,
  },
  // Reported once, untouched (fixtures/README.md); read and trained on since blind-22 was committed (ADR 0052):
  // trained on, the product reads it at intent 0.928 with 8.9 % false escalations and no false opt-out.
  {
    name: 'blind-21',
    file: 'blind-21.json',
    rulesTuned: false,
    floor: { ...ONCE_BLIND, intent: 0.89, falseEscalations: 0.13, falseOptOuts: 0 },
  },
  // Reported once, untouched (fixtures/README.md); read and trained on since blind-23 was committed (ADR 0053):
  // trained on, the product reads it at intent 0.944 with 5.0 % false escalations and no false opt-out.
  {
    name: 'blind-22',
    file: 'blind-22.json',
    rulesTuned: false,
    floor: ONCE_BLIND,
  },
  // Reported untouched (fixtures/README.md); a regression set since blind-24 was committed, its misreadings read
  // (ADR 0053, 0054) and trained on: the product reads it at intent 0.931, none a person must handle missed (recall
  // 0.945 with the context-less replies), 6.8 % false escalations and no false opt-out.
  {
    name: 'blind-23',
    file: 'blind-23.json',
    rulesTuned: false,
    floor: {
      ...ONCE_BLIND,
      procedureF1: 0.92,
      escalationRecall: 0.94,
      falseEscalations: 0.08,
      falseOptOuts: 0,
    },
  },
  // Reported untouched (fixtures/README.md); a regression set since blind-25 was committed, its misreadings read
  // (ADR 0054) and trained on: the product reads it at intent 0.884, none a person must handle missed, 9.3 % false
  // escalations, every opt-out and no false one.
  {
    name: 'blind-24',
    file: 'blind-24.json',
    rulesTuned: false,
    floor: { ...ONCE_BLIND, intent: 0.87, optOutRecall: 1, falseOptOuts: 0 },
  },
  // Reported untouched (fixtures/README.md); a regression set since blind-26 was committed, its misreadings read
  // (ADR 0055) and trained on: the product reads it at intent 0.919, none a person must handle missed, 8.0 % false
  // escalations, every opt-out and no false one.
  {
    name: 'blind-25',
    file: 'blind-25.json',
    rulesTuned: false,
    floor: { ...ONCE_BLIND, optOutRecall: 1, falseOptOuts: 0 },
  },
  // Reported untouched (fixtures/README.md); a regression set since blind-27 was committed, its misreadings read
  // (ADR 0055) and trained on: the product reads it at intent 0.898, none a person must handle missed, 8.6 % false
  // escalations, every opt-out and no false one.
  {
    name: 'blind-26',
    file: 'blind-26.json',
    rulesTuned: false,
    floor: { ...ONCE_BLIND, intent: 0.88, optOutRecall: 1, falseOptOuts: 0 },
  },
  // Reported untouched (fixtures/README.md); a regression set since blind-28 was committed, its misreadings read
  // (ADR 0057) and trained on: the product reads it at intent 0.817, none a person must handle missed, 14.4 % false
  // escalations, every opt-out and no false one. The floor is a little under that; one message wider since the
  // reader was trained with blind-29 to blind-33 (15.8 %).
  {
    name: 'blind-27',
    file: 'blind-27.json',
    rulesTuned: false,
    floor: { ...ONCE_BLIND, intent: 0.8, falseEscalations: 0.16, optOutRecall: 1, falseOptOuts: 0 },
  },
  // Reported untouched (fixtures/README.md); a regression set since blind-29 was committed, its misreadings read
  // (ADR 0059) and trained on: the product reads it at intent 0.902, 1 of the 107 a person must handle missed (a
  // pregnancy told as nursing now), 10.3 % false escalations, every opt-out and no false one.
  {
    name: 'blind-28',
    file: 'blind-28.json',
    rulesTuned: false,
    floor: { ...ONCE_BLIND, intent: 0.88, falseEscalations: 0.12, optOutRecall: 1, falseOptOuts: 0 },
  },
  // Reported untouched (fixtures/README.md); a regression set since blind-30 was committed, its misreadings read
  // (ADR 0060): the product reads it at intent 0.871, none a person must handle missed, 9.8 % false escalations,
  // every opt-out and no false one (before: 0.825, 13.7 %, 3 opt-outs missed and 4 false). Trained on since the
  // reader was trained with blind-29 to blind-33 (ADR 0065; a first retraining with it was not kept, ADR 0060).
  {
    name: 'blind-29',
    file: 'blind-29.json',
    rulesTuned: false,
    floor: {
      ...ONCE_BLIND,
      intent: 0.84,
      procedureF1: 0.9,
      falseEscalations: 0.12,
      optOutRecall: 1,
      falseOptOuts: 0,
    },
  },
  // Reported untouched (fixtures/README.md); a regression set since blind-31 was committed, its misreadings read
  // (ADR 0061): the product reads it at intent 0.841, none a person must handle missed, 15.3 % false escalations
  // (the reader's; the rules alone 1.5 %), every opt-out and no false one (before: 0.803, 1 missed, 21.3 %, 3
  // opt-outs missed and 3 false). Trained on since the reader was trained with blind-29 to blind-33 (ADR 0065).
  {
    name: 'blind-30',
    file: 'blind-30.json',
    rulesTuned: false,
    floor: {
      ...ONCE_BLIND,
      intent: 0.83,
      procedureF1: 0.95,
      falseEscalations: 0.16,
      optOutRecall: 1,
      falseOptOuts: 0,
    },
  },
  // Reported untouched (fixtures/README.md); a regression set since blind-32 was committed, its misreadings read
  // (ADR 0063): the product reads it at intent 0.907, none a person must handle missed, 7.0 % false escalations,
  // every opt-out and no false one (before: 0.863, 2 missed, 10.9 %, 3 opt-outs missed). Trained on since the
  // reader was trained with blind-29 to blind-33 (ADR 0065).
  {
    name: 'blind-31',
    file: 'blind-31.json',
    rulesTuned: false,
    floor: {
      ...ONCE_BLIND,
      intent: 0.89,
      procedureF1: 0.92,
      falseEscalations: 0.08,
      optOutRecall: 1,
      falseOptOuts: 0,
    },
  },
  // Reported untouched (fixtures/README.md); a regression set since blind-33 was committed, its misreadings read
  // (ADR 0064): the product reads it at intent 0.900, none a person must handle missed, 7.0 % false escalations,
  // every opt-out and no false one (before: 0.872, 4 missed, 9.5 %). Trained on since the reader was trained
  // with blind-29 to blind-33 (ADR 0065).
  {
    name: 'blind-32',
    file: 'blind-32.json',
    rulesTuned: false,
    floor: {
      ...ONCE_BLIND,
      intent: 0.88,
      procedureF1: 0.93,
      falseEscalations: 0.08,
      optOutRecall: 1,
      falseOptOuts: 0,
    },
  },
  // Reported untouched (fixtures/README.md); a regression set since blind-34 was committed, its misreadings read
  // (ADR 0065): the product reads it at intent 0.893, none a person must handle missed, 9.3 % false escalations,
  // every opt-out and no false one (before: 0.871, 11.9 %, 2 opt-outs missed).
  {
    name: 'blind-33',
    file: 'blind-33.json',
    rulesTuned: false,
    floor: {
      ...ONCE_BLIND,
      intent: 0.88,
      procedureF1: 0.92,
      falseEscalations: 0.1,
      optOutRecall: 1,
      falseOptOuts: 0,
    },
  },
  // Reported untouched (fixtures/README.md); a regression set since blind-35 was committed, its misreadings read
  // (ADR 0066): the product reads it at intent 0.957, none a person must handle missed, 3.5 % false escalations,
  // every opt-out and no false one (before: 0.927, 1 missed, 8.5 %, 2 opt-outs missed). The committed weights
  // predate it.
  {
    name: 'blind-34',
    file: 'blind-34.json',
    rulesTuned: false,
    floor: {
      ...ONCE_BLIND,
      intent: 0.94,
      procedureF1: 0.95,
      falseEscalations: 0.05,
      optOutRecall: 1,
      falseOptOuts: 0,
    },
  },
  // Everyday traffic in new voices, written to the labels without reading the rules or any other set
  // (fixtures/README.md); trained on since its first read. Trained on, the reader reads it at intent 0.874,
  // procedure F1 0.877 (the catalogue's reading, not the reader's), recall 0.985 and 10.6 % false escalations: the
  // floor is a little under that. With the reader trained with blind-28 (ADR 0059), 12.3 % (11.2 % with the rules
  // of ADR 0059 and the reader before): three of its everyday messages more, the floor moved by one point.
  {
    name: 'training-6',
    file: 'training-6.json',
    rulesTuned: false,
    floor: {
      intent: 0.85,
      procedureF1: 0.85,
      escalationRecall: 0.97,
      falseEscalations: 0.13,
      optOutRecall: 0.95,
      falseOptOuts: 1,
    },
  },
  // The readers' hardest boundaries (a symptom asked about before a treatment, expected, gone or someone else's
  // beside the writer's own now; a price, a booking and a question in one message; a person asked for or not),
  // written to the labels without reading the rules or any other set (fixtures/README.md); trained on since its
  // first read. Trained on, the reader reads it at intent 0.834, procedure F1 0.887, recall 0.980 and 17.7 % false
  // escalations (the threshold chosen on traffic, ADR 0050): the floor is a little under that.
  {
    name: 'training-7',
    file: 'training-7.json',
    rulesTuned: false,
    pairs: true,
    floor: {
      // 0.828 with the reader trained with blind-21 (ADR 0052).
      intent: 0.82,
      procedureF1: 0.85,
      escalationRecall: 0.97,
      // 18.2 % with the reader trained with blind-22 (ADR 0053).
      falseEscalations: 0.19,
      optOutRecall: 0.95,
      falseOptOuts: 1,
    },
  },
  // 250 pairs of a message a person must handle and its closest look-alike (the writer's own symptom now or a
  // question before booking, gone, someone else's; self-harm or a figure of speech; a pregnancy or a minor now or
  // not; the writer's own medicines or curiosity; a dispute or a policy question; a person asked for or not), in
  // English, Spanish and Portuguese, written to the labels without reading the rules or any other set
  // (fixtures/README.md); trained on from the start. Trained on, the product reads it at intent 0.834, 246 of the
  // 250 a person must handle and 33.2 % of the look-alikes sent to one (threshold 0.15, ADR 0051): the linear
  // heads cannot keep the pairs apart even on what they learned from. The floor is a little under that.
  {
    name: 'training-8',
    file: 'training-8.json',
    rulesTuned: false,
    pairs: true,
    floor: {
      intent: 0.8,
      procedureF1: 0.85,
      escalationRecall: 0.97,
      falseEscalations: 0.34,
      optOutRecall: 1,
      falseOptOuts: 0,
    },
  },
  // 300 messages on the boundary of an opt-out (100 opt-outs in many words and three languages beside look-alikes
  // with words of stopping, cancelling, removing or unsubscribing used otherwise, many answering a practice's
  // message), written to the labels without reading the rules or any other set (fixtures/README.md); read and
  // trained on from the start (ADR 0052). Not traffic: kept out of the mix the escalation threshold is chosen on.
  // Trained on, the product reads it at intent 0.917, procedure F1 0.898, recall 1.000, 6.7 % false escalations,
  // every opt-out and one look-alike as one: the floor is a little under that.
  {
    name: 'training-9',
    file: 'training-9.json',
    rulesTuned: false,
    pairs: true,
    floor: {
      intent: 0.9,
      procedureF1: 0.88,
      escalationRecall: 0.97,
      falseEscalations: 0.08,
      optOutRecall: 1,
      falseOptOuts: 1,
    },
  }, // Everyday traffic full of what an over-cautious reader takes for a person's business (life told in passing,
  // figures of speech, regional greetings and slang, prices compared, appointments moved for life's reasons), beside
  // what a person must handle in the same voices, in English, Spanish and Portuguese; written to the labels without
  // reading the rules or any other set (fixtures/README.md). Traffic: in the mix the escalation threshold is chosen
  // on. Read first with the reader trained through blind-27: intent 0.823, none a person must handle missed, 14.1 %
  // false escalations, 3 false opt-outs (the rules', ADR 0057). Trained on: 0.877, none missed, 10.8 %, none false.
  {
    name: 'training-10',
    file: 'training-10.json',
    rulesTuned: false,
    floor: {
      ...ONCE_BLIND,
      intent: 0.86,
      procedureF1: 0.92,
      falseEscalations: 0.12,
      optOutRecall: 1,
      falseOptOuts: 0,
    },
  },
  // The same kinds in other voices (older adults, formal e-mails, a second language, old threads, a relative's
  // behalf, tourists). Read first: intent 0.835, none missed, 15.7 %, 3 false opt-outs (the rules'). Trained on:
  // 0.912, none missed, 7.1 %, none false.
  {
    name: 'training-11',
    file: 'training-11.json',
    rulesTuned: false,
    floor: { ...ONCE_BLIND, procedureF1: 0.93, optOutRecall: 1, falseOptOuts: 0 },
  },
];

/**
 * Labelled everyday traffic neither trained on nor reported (fixtures/README.md): `npm run train:ai` fits the
 * reading's confidence on it (learned/confidence.ts), beside the held-out readings of the sets the rules were not
 * tuned on.
 */
export const CALIBRATION_SETS: LabelledSet[] = [{ name: 'training-4', file: 'training-4.json' }];
