import type { EscalationReason, Intent } from '@pp/contracts';
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
  /\b(stop|stopp?ed|quit|remove|unsubscribe|no more|do not|never|leave me|lose|off|enough|delete|block|end|cancel|para|parar|pare|paren|dejen|deje|basta|baja|borr\w+|quit\w+|elimin\w+|saqu\w+|sac\w+|no mas|nao|chega|sair|cancelar|exclu\w+|remov\w+|retir\w+|apag\w+|descadastr\w+)\b/;

const MEDICAL: readonly EscalationReason[] = ['medical_concern', 'post_treatment_symptoms'];

/** The intents a learned reading may choose among (every intent but those that stop outreach). */
const BLENDABLE = (reading: LearnedReading) =>
  (Object.keys(reading.intents) as Intent[]).filter((intent) => !STOPPING.includes(intent));

/**
 * The writer wants the messages kept, or sent elsewhere: 'I actually like your newsletter', 'I want it going to my
 * work email instead', 'send them to my new number', 'sigan mandándolos a mi otro correo'. Read on the rules'
 * folded text.
 */
const KEEPS_MESSAGES =
  /\b((actually|really|do|still) (like|love|enjoy) (it|them|the|your|these|getting|receiving)|(still|do) want to (get|receive|keep getting|keep receiving)|(want|like|need|prefer|would like) (it|them|these|those|the (newsletter|emails|e-mails|texts|messages|updates|promos|reminders)) (going|sent|to go|to come|coming|delivered|forwarded) to|(send|switch|change|move|update|redirect|forward|point) (it|them|these|those|the (newsletter|emails|e-mails|texts|messages|updates|promos|reminders)|(my|the) (email|e-mail|address|number|contact))( over)? (to|for) (my|a|another|the|this) (\w+ )?(email|e-mail|address|number|phone|inbox|account)|(mandenlos|envienlos|mandenlas|envienlas|mandarlos|enviarlos) a (mi|otro|este) (otro |nuevo )?(correo|numero|email)|(mandem|enviem|mandar|enviar) (para|pro) (o )?meu (outro |novo )?(e-?mail|numero|celular))\b/;

/**
 * Whether the reader, backed by a word of stopping, reads an opt-out the rules did not. Never when the reader
 * itself says a person must handle the message: "I don't want to be here anymore" has a word of stopping and
 * reads like a goodbye, and silence is the one answer it must not get. Never when the writer asks to keep the
 * messages or have them sent elsewhere ('Unsubscribe? I like the newsletter, I want it at my work email').
 */
export function learnedOptOut(reading: LearnedReading, folded: string): boolean {
  return (
    reading.intents.opt_out >= SURE &&
    reading.mustEscalate < reading.threshold &&
    STOPPING_WORDS.test(folded) &&
    !KEEPS_MESSAGES.test(folded)
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

/**
 * A message the reader takes for spam and whose words bear it out (a business writing to the practice as a
 * business): spam, with no outreach and no person.
 */
export function learnedSpam(reading: LearnedReading, folded: string): boolean {
  return (
    reading.intents.spam >= SURE && ADDRESSES_A_BUSINESS.test(folded) && SPEAKS_FOR_A_BUSINESS.test(folded)
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
 * The reader's escalation (`folded`: the message as the rules fold it), when the rules found nothing a person must handle (a 'low_confidence' finding of the
 * rules gives way to it) and the reader's P(must escalate) reaches the threshold; else null.
 */
export function learnedEscalation(
  reading: LearnedReading,
  rulesFindings: readonly EscalationFinding[],
  message: string,
  folded: string,
): EscalationFinding | null {
  if (rulesFindings.some((finding) => finding.reason !== 'low_confidence')) return null;
  if (reading.mustEscalate < reading.threshold) return null;
  let reason = reading.likelyReason;
  if (!PERSON_WORDS.test(folded)) {
    // No word of a person or a call: what the reader took for a request for one ('I'd like to talk about a breast
    // lift') does not count; the rest of its reading still may.
    const rest =
      reading.mustEscalate - (reading.escalations.human_requested + reading.intents.human_requested) / 2;
    if (rest < reading.threshold) return null;
    if (reason === 'human_requested') reason = likeliestBesides(reading, 'human_requested');
  }
  // The writer's own denial outranks the reader's guess ('I'm not pregnant or nursing, is Kybella safe?'): the
  // sentence model hears the words, not their negation.
  if (reason === 'pregnancy' && PREGNANCY_DENIED.test(folded)) {
    const rest = reading.mustEscalate - (reading.escalations.pregnancy ?? 0);
    if (rest < reading.threshold) return null;
    reason = likeliestBesides(reading, 'pregnancy');
  }
  return {
    reason,
    priority: MEDICAL.includes(reason) || reason === 'legal_threat' ? 'high' : 'medium',
    evidence: excerpt(message),
  };
}

/** The writer saying they are not pregnant or breastfeeding, in the languages the product reads (folded text). */
const PREGNANCY_DENIED =
  /\b(not|never|no|nao|ni)( (currently|longer|yet|estoy|estou|esta|soy|sou))? (pregnant|nursing|breast ?feeding|embarazada|lactando|amamantando|gravida|amamentando)\b/;

/**
 * Words a request for a person needs, in the languages the product reads (on the rules' folded text): a person, staff, a call or a
 * conversation with someone ('talk to', 'hablar con', 'falar com'); not 'talk about'.
 */
const PERSON_WORDS =
  /\b(call|calls|calling|ring|phone|talk (to|with)|speak (to|with)|person|human|someone|somebody|anyone|anybody|staff|agent|manager|receptionist|front desk|office|doctor|dr|nurse|surgeon|injector|real|bot|robot|ai|automated|reach (out|me)|get (in touch|back to me)|text me back|team|clinic|practice|number|whatsapp|llam\w*|hablar con|alguien|persona|humano|doctora?|contact\w*|comuniqu\w*|ligar|ligue|liga|falar com|alguem|pessoa|atendente|robo)\b/;

function likeliestBesides(reading: LearnedReading, left: EscalationReason): EscalationReason {
  const reasons = (Object.keys(reading.escalations) as (EscalationReason | 'none')[]).filter(
    (reason): reason is EscalationReason => reason !== 'none' && reason !== left,
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
