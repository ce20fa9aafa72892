import type { EscalationReason, Intent } from '@pp/contracts';
import {
  ASKS_FOR_ANOTHER_ADDRESS,
  childsDentalCare,
  legalWordsPassedOver,
  MEDICAL_READINGS as MEDICAL,
  namesTheBody,
  onlyOfSomeoneElse,
  optOutWordsSetAside,
  symptomsExplainedAway,
} from '../builtin/understand/safety-rules';
import { statedAges } from '../builtin/understand/birth-date';
import type { EscalationFinding } from '../model';
import type { LearnedReading } from './learned-reader';

/**
 * How the rules' reading and the learned reader's are joined (docs/decisions/0034-learned-reader.md). Pure.
 * The two fail on different messages, so safety takes the union and fails safe:
 * - escalation: the rules' findings, plus the reader's whenever its P(a person must handle it) reaches the
 *   threshold chosen for recall (its share for a request for a person counts only when the message has a word
 *   of a person or a call: 'talk about a breast lift' is not 'talk to someone');
 * - opt-out, spam and wrong number never rest on the reader's word alone: an opt-out needs the reader sure, a
 *   word of stopping in the message and no sign that a person must handle it; spam needs a business writing to
 *   the practice as a business, a wrong number the writer saying they are not the person meant; a message only
 *   the reader takes for spam or a wrong number, its words not bearing it out, goes to a person instead of
 *   getting outreach;
 * - intent: a blend of the two readings, so that the reader overrides the rules only when it is much surer than
 *   they are; the blend's share of the chosen intent is the reading's confidence.
 */

/** Intents that stop outreach: the rules' alone decide them. */
const STOPPING: readonly Intent[] = ['opt_out', 'spam', 'wrong_number'];
/** The rules' weight in the intent blend. */
const RULES_WEIGHT = 0.5;
/** How sure the reader must be of an opt-out, spam or wrong number before it counts. */
const SURE = 0.7;
/**
 * Words of stopping, refusing or removing, in the languages the product reads: a learned opt-out needs one. Read
 * on the rules' folded text (lower case, no accents, contractions expanded).
 */
const STOPPING_WORDS =
  /\b(stop|stopp?ed|quit|remove|unsubscribe|no more|do not|never|leave me|lose|off|enough|delete|block|end|cancel|para|parar|pare|paren|dejen|deje|basta|baja|borr\w+|quit\w+|elimin\w+|saqu\w+|sac\w+|no mas|nao|chega|sair|cancelar|exclu\w+|remov\w+|retir\w+|apag\w+|descadastr\w+|desuscrib\w+|desinscri\w+)\b/;

/** The intents a learned reading may choose among (every intent but those that stop outreach). */
const BLENDABLE = (reading: LearnedReading) =>
  (Object.keys(reading.intents) as Intent[]).filter((intent) => !STOPPING.includes(intent));

/**
 * The writer wants the messages kept ('I actually like your newsletter', 'I still want to get the reminders'); sent
 * elsewhere is the rules' `ASKS_FOR_ANOTHER_ADDRESS`. Read on the rules' folded text.
 */
const KEEPS_MESSAGES =
  /\b((actually|really|do|still) (like|love|enjoy) (it|them|the|your|these|getting|receiving)|(still|do) want to (get|receive|keep getting|keep receiving)|(want|like|need|prefer|would like) (it|them|these|those|the (newsletter|emails|e-mails|texts|messages|updates|promos|reminders)) (going|sent|to go|to come|coming|delivered|forwarded) to)\b/;

/** A word of stopping with a negation right before it ('not stop lol', 'no, don't cancel'): the writer keeps on. */
const NEGATED_STOPPING = /\b(not|don'?t|do not|dont|never|no|nao)( (you|u|ever|really|please))? $/;

/** Whether a word of stopping in the message is not itself negated ('not stop lol, just make it 11'). */
function stopsUnnegated(folded: string): boolean {
  const words = new RegExp(STOPPING_WORDS.source, 'g');
  for (let match = words.exec(folded); match; match = words.exec(folded)) {
    if (!NEGATED_STOPPING.test(folded.slice(Math.max(0, match.index - 24), match.index))) return true;
  }
  return false;
}

/**
 * Whether the reader, backed by a word of stopping, reads an opt-out the rules did not. Never when the reader
 * itself says a person must handle the message: "I don't want to be here anymore" has a word of stopping and
 * reads like a goodbye, and silence is the one answer it must not get. Never when the writer asks to keep the
 * messages or have them sent elsewhere ('Unsubscribe? I like the newsletter, I want it at my work email'), nor when
 * the rules read the message's words of stopping and set them aside ('I'm not opting out, I'm opting in!'; read on
 * `message` as written, `folded` being the rules' folded words).
 */
export function learnedOptOut(reading: LearnedReading, folded: string, message: string = folded): boolean {
  return (
    reading.intents.opt_out >= SURE &&
    reading.mustEscalate < reading.threshold &&
    stopsUnnegated(folded) &&
    !KEEPS_MESSAGES.test(folded) &&
    !ASKS_FOR_ANOTHER_ADDRESS.test(folded) &&
    !optOutWordsSetAside(message)
  );
}

/**
 * A seller's voice: the writer speaks for a business ('we', 'our agency', 'ofrecemos', 'somos uma agência') to the
 * practice as a business ('your clinic', 'your patients', 'Dear Doctor', 'your account'), or sends a link about
 * the practice's account. Read on the rules' folded text.
 */
const ADDRESSES_A_BUSINESS =
  /\b(your (practice|clinic|clinics|business|website|web site|site|office|patients|team|staff|company|brand|listing|google|calendar|account|mailbox|password|profile|inbox|domain|ranking|rankings|reviews)|(dear|hello|hi|hey) (doctor|doc|dr|practice owner|business owner|owner|sir|madam|team|partner)|practice owners?|(estimad[oa]s?|prezad[oa]s?|ola|hola|caro|cara) (doctor|doctora|doutor|doutora|dr|dra)|su (clinica|consultorio|negocio|practica|sitio|pagina|empresa)|sua (clinica|empresa|pagina)|seu (consultorio|negocio|site|instagram)|(para|for|to) (clinicas|clinics|practices|med ?spas|consultorios))\b/;
const SPEAKS_FOR_A_BUSINESS =
  /\b(we|our|us|nosotros|somos|ofrecemos|nuestr[oa]s?|oferecemos|temos|nossa|nosso|nossos|nossas|trabajamos|trabalhamos)\b|https?:\/\/|www\.|\b[a-z0-9-]+\.(com|net|org|io|co|ly|app|link|site|online)\b/;

/**
 * Words with which the writer says they are not the person the practice meant ('not me', 'my name is not',
 * 'never been a patient', 'no soy', 'não conheço'). 'Who is this?' is none of them: it asks, it does not deny.
 */
const NOT_THE_PERSON_MEANT =
  /\b(not me|is not me|my name is not|i am not (a |your )?(patient|client|customer)|not (a|your) (patient|client|customer)|never been (a patient|your patient|a client|to (your|the|that) (clinic|office|practice|place)|there)|i (never|did not) (ask|asked|sign|signed|request|requested|fill|filled|book|booked|inquire|inquired)|(this|that) (is|was) not (meant )?for me|wrong (number|email|person|address)|no soy|no conozco|nunca he (sido|ido)|numero equivocado|numero errado|nao sou|nao conheco|errou o numero|erraram o numero|errou de numero|nunca fui)\b/;

/** A link or a web address in the message as written. */
const LINK =
  /https?:\/\/|www\.|\bbit\.ly\b|\b[a-z0-9-]+\.(com|net|org|io|co|ly|app|link|site|online|biz|info|xyz|me|us|example)\b/i;
/** What a link is bait for: a prize, money, an account to verify, an invoice to open. */
const BAIT =
  /\b(won|winner|prize|claim|verify|verification|password|suspend\w*|expire\w*|invoice|overdue|remit|click|login|log in|sign in|crypto\w*|bitcoin|earn|loan|pre ?approved|approved|reward\w*|ganhe|gane|premio|cripto\w*|prestamo\w*|emprestimo)\b/;
/** A form or a message sent to test something ('test submission, please ignore', 'teste teste'). */
const TEST_MESSAGE =
  /^(\s*(test|teste|testing|prueba|probando)\b)+\s*$|\b(test|teste|testing|prueba)\b.{0,40}\b(ignore|ignorar|ignorem|form|formulario|routing|submission|zapier|webhook|hook)\b/;
/** A seller's offer ('we sell refurbished lasers', 'ofrecemos agujas a precio de fábrica', 'I run an agency'). */
const SELLER =
  /\b(we (sell|provide|deliver|build|offer|place|supply|help practices|help clinics|are a|are an|run)|i run (a|an)|our (agency|company|team|firm|platform|services|creators)|vendemos|ofrecemos|oferecemos|temos|somos (distribuidores|una agencia|uma agencia)|distribuidores)\b/;
const OFFERED_TO_A_BUSINESS =
  /\b(price list|catalog|catalogue|catalogo|leads|consults (per|a) month|per month|seo|rankings?|google|staff\w*|placing|equipment|equipos|equipamentos|devices|laser systems|refurbished|seminov\w*|segunda mano|wholesale|bulk|demo|case studies|partnership|sponsored|listing|placement|booths?|agujas|jeringas|canulas|acido|precio de fabrica|preco de fabrica|precos especiais)\b/;
/** An influencer asking for treatments in exchange for posts. */
const INFLUENCER =
  /\b(influencer|followers|seguidores|collab\w*|in exchange for|a cambio de|em troca de)\b.{0,120}\b(posts?|reels?|stories|content|contenido|conteudo|publicaciones)\b|\b(posts?|reels?|stories)\b.{0,60}\b(in exchange|a cambio|em troca)\b/;

/**
 * A message the reader takes for spam and whose words bear it out: a business writing to the practice as a
 * business, a seller's offer, a link baited with a prize, money or an account to verify, a test submission, an
 * influencer asking for treatments in exchange for posts. Spam, with no outreach and no person. `message`: as
 * written (for its links); `folded`: as the rules fold it.
 */
export function learnedSpam(reading: LearnedReading, folded: string, message: string): boolean {
  if (reading.intents.spam < SURE) return false;
  return (
    (ADDRESSES_A_BUSINESS.test(folded) && SPEAKS_FOR_A_BUSINESS.test(folded)) ||
    (LINK.test(message) && BAIT.test(folded)) ||
    TEST_MESSAGE.test(folded) ||
    (SELLER.test(folded) && OFFERED_TO_A_BUSINESS.test(folded)) ||
    INFLUENCER.test(folded)
  );
}

/** A message the reader takes for a wrong number and in which the writer says they are not the person meant. */
export function learnedWrongNumber(reading: LearnedReading, folded: string): boolean {
  return reading.intents.wrong_number >= SURE && NOT_THE_PERSON_MEANT.test(folded);
}

/**
 * A message only the reader takes for spam or a wrong number, its words not bearing it out: a person looks at it
 * (no outreach).
 */
export function learnedNotALead(reading: LearnedReading): boolean {
  return reading.intents.spam >= SURE || reading.intents.wrong_number >= SURE;
}

/**
 * The rules' intent blended with the reader's: the reader's distribution (over the intents that do not stop
 * outreach) and the rules' (their confidence on their intent, the rest shared evenly), half and half.
 */
export function blendIntent(
  rules: { intent: Intent; confidence: number },
  reading: LearnedReading,
): { intent: Intent; confidence: number } {
  const intents = BLENDABLE(reading);
  const rulesShare = (intent: Intent) =>
    intent === rules.intent ? rules.confidence : (1 - rules.confidence) / (intents.length - 1);
  let best = { intent: rules.intent, confidence: 0 };
  for (const intent of intents) {
    const share = RULES_WEIGHT * rulesShare(intent) + (1 - RULES_WEIGHT) * readerShare(reading, intent);
    if (share > best.confidence) best = { intent, confidence: share };
  }
  return best;
}

/** The reader's probability of an intent among those that do not stop outreach. */
export function readerShare(reading: LearnedReading, intent: Intent): number {
  const total = BLENDABLE(reading).reduce((sum, each) => sum + reading.intents[each], 0) || 1;
  return STOPPING.includes(intent) ? 0 : reading.intents[intent] / total;
}

/**
 * The part of the reader's P(must escalate) the message bears out (`folded`: the message as the rules fold it),
 * and the reasons it does not. A request for a person needs a word of a person or a call ('I'd like to talk about
 * a breast lift' asks for none). A pregnancy or a minor is a fact the message must state: without a word of it, or
 * with the writer saying the opposite ('I'm not pregnant or nursing, is Kybella safe?', 'my daughter just turned
 * 18'), the reader's guess does not count (the sentence model hears 'baby botox' and 'mi mamá', not a negation or
 * an age). A legal threat is told with a word of the law, a lawyer or an authority the rules did not pass over
 * ('my landlord raised the rent, I could scream' threatens no one; nor does 'my lawyer friend sent me'). What is
 * left is compared with the threshold, by the engine and by `npm run train:ai` when it chooses the threshold.
 */
export function supportedReading(
  reading: LearnedReading,
  folded: string,
  on: Date,
): { rest: number; unsupported: EscalationReason[] } {
  const unsupported: EscalationReason[] = [];
  let rest = reading.mustEscalate;
  if (!PERSON_WORDS.test(folded.replace(NO_CALLS, ' '))) {
    unsupported.push('human_requested');
    rest -= (reading.escalations.human_requested + reading.intents.human_requested) / 2;
  }
  for (const fact of FACTS_STATED) {
    if (fact.stated(folded, on)) continue;
    unsupported.push(fact.reason);
    rest -= reading.escalations[fact.reason] ?? 0;
  }
  // Every symptom word the rules know read and set aside (negated, gone, an old result, heard of, someone else's).
  if (symptomsExplainedAway(folded)) {
    for (const reason of MEDICAL) {
      unsupported.push(reason);
      rest -= reading.escalations[reason] ?? 0;
    }
    // …and the intent head's share of a medical concern with it: what is left is what else the message may need.
    rest -= reading.intents.medical_concern / 2;
  }
  return { rest, unsupported };
}

/**
 * The reader's escalation (`folded`: the message as the rules fold it), when the rules found nothing a person must handle (a 'low_confidence' finding of the
 * rules gives way to it) and the reader's P(must escalate) reaches the threshold; else null.
 */
export function learnedEscalation(
  reading: LearnedReading,
  rulesFindings: readonly EscalationFinding[],
  message: string,
  folded: string,
  on: Date,
): EscalationFinding | null {
  if (rulesFindings.some((finding) => finding.reason !== 'low_confidence')) return null;
  if (reading.mustEscalate < reading.threshold) return null;
  const { rest, unsupported } = supportedReading(reading, folded, on);
  if (rest < reading.threshold) return null;
  const reason = unsupported.includes(reading.likelyReason)
    ? likeliestBesides(reading, unsupported)
    : reading.likelyReason;
  return {
    reason,
    priority: MEDICAL.includes(reason) || reason === 'legal_threat' ? 'high' : 'medium',
    evidence: excerpt(message),
  };
}

/**
 * A blended reading of a medical concern that no rule and no part of the reader's P(must escalate) sent to a person
 * ('the area is getting bigger and harder, doesn't hurt, is that normal?'; 'front tooth came out, root and all'):
 * every labelled medical concern in the sets needs a person, so the reading is not left to an answer. The reason is
 * the reader's likelier clinical one (a symptom after a treatment when the conversation was a check-in after one).
 * Only when the message names the body or a sign ('had my baby in May and I'm no longer nursing' names neither), and
 * not when every symptom word the rules know was read and set aside (gone, negated, someone else's): the reading is
 * then of what the message explains away.
 */
export function clinicalReadingFinding(
  reading: LearnedReading,
  folded: string,
  message: string,
  treatedBefore: boolean,
): EscalationFinding | null {
  if (!namesTheBody(message) || symptomsExplainedAway(folded)) return null;
  const reason: EscalationReason =
    treatedBefore ||
    (reading.escalations.post_treatment_symptoms ?? 0) > (reading.escalations.medical_concern ?? 0)
      ? 'post_treatment_symptoms'
      : 'medical_concern';
  return { reason, priority: 'high', evidence: excerpt(message) };
}

/** The writer saying they are not pregnant or breastfeeding, in the languages the product reads (folded text). */
const PREGNANCY_DENIED =
  /\b(not|never|no|nao|ni)( (currently|longer|yet|estoy|estou|esta|soy|sou))? (pregnant|nursing|breast ?feeding|embarazada|lactando|amamantando|gravida|amamentando)\b/;
/**
 * Words a pregnancy or breastfeeding is told with, in the languages the product reads (folded text): the state,
 * the baby, feeding, the calendar of a pregnancy, its doctors. Broad on purpose: this only decides whether the
 * reader's guess of a pregnancy may count.
 */
const PREGNANCY_WORDS =
  /\b(pregnan\w*|expecting|due|trimester|weeks? along|baby|babies|bump|newborn|nurs(e|es|ing)|breast ?(feed\w*|fed|milk|pump\w*)|pump(ing|ed)?|lactat\w*|ob|obgyn|ob gyn|midwife|ivf|ttc|conceiv\w*|fertility|delivery|birth|c ?section|postpartum|embaraz\w*|gravid\w*|gestac\w*|gestant\w*|bebes?|bebezinho|nenem|recien nacid\w*|lactan\w*|lactar|amamant\w*|pecho|leche materna|leite materno|parto|cesarea|cesaria|posparto|pos parto|encinta|en estado|semanas de|trimestre|obstetra|ginecolog\w*|prena\w*|de encargo|panz\w*|barrig\w*|eating for two|ser (mae|mamae|mama|madre)|mamar)\b/;
/**
 * Treatments named for a baby ('baby botox', 'baby tox', 'baby lips'): a dose or a look, not a child; and a child's
 * first teeth ('two wiggly baby teeth', 'dientes de leche', 'dentes de leite'), not a baby.
 */
const NOT_A_BABY =
  /\b((baby|bebe) (botox|tox|botulinum|dysport|xeomin|filler|fillers|lips?|lip flip|facelift|relleno|preenchimento)|baby (teeth|tooth)|dientes? de leche|dentes? de leite)\b/g;
/** A pregnancy or breastfeeding the writer says is over ('stopped nursing in feb', 'fully weaned', 'ya no le doy pecho'). */
const PREGNANCY_OVER =
  /\b((stopped|finished|quit|done|done with|no longer|ended|deje de|termine de|ya no|parei de|terminei|ja nao)( \w+){0,2} (nursing|breast ?feeding|pumping|pregnant|amamantar|amamantando|pecho|lactar|lactando|amamentar|amamentando|amamentacao)|weaned|formula fe(d|eding)|le doy formula|not pregnant anymore|no longer pregnant|ya no estoy embarazada|nao estou mais gravida)\b/;
/** A pregnancy or breastfeeding still going on, or again ('still nursing at night', 'pregnant again'). */
const STILL_PREGNANT =
  /\b((still|currently|todavia|aun|ainda) (\w+ ){0,2}(nursing|breast ?feeding|pumping|pregnant|amamant\w*|lactan\w*|embarazada|gravida|dando pecho|doy pecho)|pregnant again|embarazada (otra vez|de nuevo)|gravida de novo)\b/;

/**
 * Words a legal threat is told with, in the languages the product reads (folded text): the law, its people and
 * courts, suing, an authority or a board to report to. Broad on purpose ('demanda' is also demand): this only
 * decides whether the reader's guess of a legal threat may count.
 */
const LEGAL_WORDS =
  /\b(law|laws|lawyers?|attorneys?|counsel|legal\w*|lawsuits?|sue|sued|suing|court|courts|judge|litigat\w*|small claims|class action|malpractice|negligen\w*|damages|compensation|board|licens\w*|report\w*|bbb|better business|attorney general|health department|department of health|fda|authorities|police|suit|firm|represent\w*|notice|notif\w*|formal\w*|case|abogad\w*|licenciad\w*|demand\w*|caso|accion|juicio|juzgado|tribunal\w*|denunci\w*|juez|ley|leyes|licencia|junta|autoridades|policia|advogad\w*|process\w*|acao|justica|juiz|juizado|pequenas causas|lei|procon|denunc\w*|conselho|cfm|cro|crm|ordem)\b/;

/** Words a patient under 18 is told with (an age, a school year, a child, a parent), in the languages read. */
const MINOR_WORDS =
  /\b(\d{1,2}|minor|underage|teen\w*|adolescen\w*|kids?|child|children|son|daughter|boy|girl|niece|nephew|grand(son|daughter|kid)|parents?|mom|mum|dad|mother|father|school|grade|class of|prom|graduat\w*|freshman|sophomore|junior|senior|born|quince\w*|sweet (16|sixteen)|menor\w*|hij[oa]s?|filh[oa]s?|nin[oa]s?|sobrin[oa]s?|niet[oa]s?|mama|papa|mae|pai|madre|padre|escuela|colegio|secundaria|prepa\w*|preparatoria|escola|ensino|formatura|graduacion|grado|ano|anos|idade|edad)\b/;
/**
 * An age of 18 or over, or college, said of the patient (or a date of birth that makes them 18 on the day,
 * `adultStated`): an adult, whatever else the message says.
 */
const ADULT_STATED =
  /\b((turned|turning|just turned|is|s|are|am|m|im|shes|hes|tem|tiene|tengo|tenho|de|cumpl\w*|complet\w*|fez|fiz|aged?) (1[89]|[2-9]\d)\b(?! (units?|weeks?|days?|months?|minutes?|mins?|hours?|am|pm|percent|dollars|lbs|pounds|of|semanas|dias|meses|minutos))|(1[89]|[2-9]\d) ?(years? old|yrs? old|yo|anos)|(college|university|uni|grad school|universidad|facultad|faculdade|universitari[oa]))\b/;
/**
 * A minor's age or school said of the patient, or a date of birth under 18 on the day (`minorStated`; the rules'
 * own reading decides; this only keeps an adult's).
 */
const MINOR_STATED =
  /\b((1[0-7]|[5-9]) ?(years? old|yrs? old|yo|anos)|(is|s|am|m|im|shes|hes|tem|tiene|tengo|tenho|de|turned|turning) (1[0-7])\b(?! (units?|weeks?|days?|months?|minutes?|mins?|hours?|am|pm|percent|dollars|of))|high ?school|middle school|secundaria|prepa|ensino medio)\b/;
const adultStated = (folded: string, on: Date) =>
  ADULT_STATED.test(folded) || statedAges(folded, on).some((age) => age.youngest >= 18);
const minorStated = (folded: string, on: Date) =>
  MINOR_STATED.test(folded) || statedAges(folded, on).some((age) => age.youngest < 18);

/**
 * A school or an age the writer places years back ('broke my nose in high school, 12 years ago', 'when I was 15',
 * 'hace 10 años, cuando era adolescente'), with no minor now (an age said in the present, a child of the writer's).
 */
const MINOR_LONG_AGO =
  /\b((\d+|many|several|a few|some) (years|anos) ago|when i was (a kid|a teen|a teenager|younger|in (high ?school|middle school)|\d+)|back in (high ?school|middle school|school)|as a (kid|child|teen|teenager)|hace (\d+|muchos|unos) anos|cuando (yo )?era (nin[oa]|adolescente|joven|chic[oa])|quando (eu )?era (crianca|adolescente|jovem|pequen[oa])|(ha|faz) (\d+|muitos|uns) anos)\b/;
const MINOR_NOW =
  /\b((i'?m|im|i am|she'?s|shes|he'?s|hes|is|tengo|tiene|tem|tenho) (1[0-7]|[5-9])\b|(currently|still|now) in (high ?school|middle school)|daughters?|sons?|kids?|child|hij[oa]s?|filh[oa]s?)\b/;

/** The writer giving their own age under 18 ('im 16', 'tengo 15', 'tenho 17'). */
const WRITER_A_MINOR = /\b(i'?m|im|i am|tengo|tenho|i turned|i just turned) (1[0-7]|[5-9])\b/;

/** The reasons that rest on a fact the message must state, and whether it states it. */
const FACTS_STATED: readonly {
  reason: EscalationReason;
  stated: (folded: string, on: Date) => boolean;
}[] = [
  {
    reason: 'pregnancy',
    stated: (folded) =>
      // 'Baby botox' is a treatment's name and 'baby teeth' a child's, not a baby.
      PREGNANCY_WORDS.test(folded.replace(NOT_A_BABY, ' ')) &&
      !PREGNANCY_DENIED.test(folded) &&
      !(PREGNANCY_OVER.test(folded) && !STILL_PREGNANT.test(folded)) &&
      // A sister's pregnancy told beside the writer's own request is not the patient's.
      !onlyOfSomeoneElse(folded, PREGNANCY_WORDS),
  },
  {
    reason: 'legal_threat',
    // Not the words the rules read and passed over ('my lawyer friend sent me', 'soy abogada').
    stated: (folded) =>
      LEGAL_WORDS.test(folded) &&
      LEGAL_WORDS.test(
        legalWordsPassedOver(folded).reduce((rest, word) => rest.replaceAll(word, ' '), folded),
      ),
  },
  {
    reason: 'minor',
    stated: (folded, on) =>
      MINOR_WORDS.test(folded) &&
      (!adultStated(folded, on) || minorStated(folded, on)) &&
      // A parent booking a child's cleaning, or a school years back, tells of no minor asking for aesthetic care
      // (a minor writing of their own teeth still does: 'im 16 and need my wisdom teeth out').
      !(childsDentalCare(folded) && !WRITER_A_MINOR.test(folded)) &&
      !(MINOR_LONG_AGO.test(folded) && !MINOR_NOW.test(folded)),
  },
];

/**
 * Words a request for a person needs, in the languages the product reads (on the rules' folded text): a person, staff, a call or a
 * conversation with someone ('talk to', 'hablar con', 'falar com'); not 'talk about', nor the practice's office or
 * number alone ('send me the address for the office').
 */
const PERSON_WORDS =
  /\b(call|calls|calling|ring|phone|talk (to|with)|speak (to|with)|person|human|someone|somebody|anyone|anybody|staff|agent|manager|receptionist|front desk|doctor|dr|nurse|surgeon|injector|real|bot|robot|ai|automated|reach (out|me)|get (in touch|back to me)|text me back|whatsapp|llam\w*|hablar con|alguien|persona|humano|doctora?|contact\w*|comuniqu\w*|ligar|ligue|liga|falar com|alguem|pessoa|atendente|robo|gerente|encargad[oa]|responsavel|telefon\w*)\b/;
/** Calls refused ('please no phone calls', 'don't call me', 'no me llamen', 'não liguem'): no request for a person. */
const NO_CALLS =
  /\b(no|not|never|don'?t|do not|dont|please no|nada de|sin|nao|sem)( (phone|voice))? (calls?|call me|calling|ring me|phone calls?|llamadas|me llamen|llamarme|ligacoes|liguem|me liguem|me ligar)\b/g;

function likeliestBesides(reading: LearnedReading, left: readonly EscalationReason[]): EscalationReason {
  const reasons = (Object.keys(reading.escalations) as (EscalationReason | 'none')[]).filter(
    (reason): reason is EscalationReason => reason !== 'none' && !left.includes(reason),
  );
  return reasons.reduce((best, reason) =>
    reading.escalations[reason] > reading.escalations[best] ? reason : best,
  );
}

export function excerpt(message: string): string {
  const clean = message.replace(/\s+/g, ' ').trim();
  return clean.length > 160 ? `${clean.slice(0, 159)}…` : clean;
}

/** The reasoning staff read: what the reader made of the message, in words. */
export function learnedReasoning(reading: LearnedReading): string {
  const [top] = (Object.entries(reading.intents) as [Intent, number][]).sort((a, b) => b[1] - a[1]);
  const escalation =
    reading.mustEscalate >= reading.threshold
      ? `needs a person (${reading.likelyReason}, ${percent(reading.mustEscalate)})`
      : `no person needed (${percent(1 - reading.mustEscalate)})`;
  return `Learned reading: ${top[0]} (${percent(top[1])}), ${escalation}.`;
}

const percent = (value: number) => `${Math.round(value * 100)}%`;
