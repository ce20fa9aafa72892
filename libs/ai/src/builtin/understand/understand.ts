import type { Intent, Language, UrgencyLevel } from '@pp/contracts';
import {
  ESCALATE_BELOW_CONFIDENCE,
  type EscalationFinding,
  type MessageChannel,
  type Understanding,
  type UnderstandRequest,
} from '../../model';
import {
  blendIntent,
  clinicalReadingFinding,
  excerpt,
  learnedEscalation,
  learnedNotALead,
  learnedOptOut,
  learnedReasoning,
  learnedSpam,
  learnedWrongNumber,
  readerShare,
} from '../../learned/combine';
import { calibratedConfidence, type ConfidenceSignals } from '../../learned/confidence';
import type { LearnedReading } from '../../learned/learned-reader';
import { findCrisis } from './crisis';
import { findProcedures, reportProcedures, type FoundProcedure } from './procedures';
import {
  findEscalations,
  findOptOut,
  findSpam,
  findWrongNumber,
  isNegated,
  MEDICAL_READINGS,
  minorByDateOfBirth,
  namesTheBody,
  subjectIsTheTopic,
  withFinding,
} from './safety-rules';
import { detectLanguage, expand, expandWithStops } from './text';

/**
 * The most of a message the rules read (subject and text together): what a patient writes fits in it many times
 * over, and every rule costs in proportion to what it reads, so a stranger's 60 KB costs what 4 KB does. The rest is
 * kept with the message; a message longer than this goes to a person ('low_confidence'), who reads it all.
 */
export const MAX_ANALYSED_CHARS = 4_000;

/** The first `max` characters of a text, not splitting a surrogate pair. */
export function analysedPart(text: string, max = MAX_ANALYSED_CHARS): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]) ? max - 1 : max;
  return text.slice(0, end);
}

const wholeMessage = (request: UnderstandRequest) =>
  [request.subject, request.text].filter((part) => part && part.trim()).join('\n');

/**
 * The message as the rules read it: compatibility characters as the letters they stand for (NFKC: a fullwidth
 * 'ＳＴＯＰ' is STOP, a ligature its letters), within MAX_ANALYSED_CHARS.
 */
const messageOf = (request: UnderstandRequest) => analysedPart(wholeMessage(request).normalize('NFKC'));
/** The words of the message the rules and the joining of the two readings read (learned/combine.ts). */
export const foldedWordsOf = (request: UnderstandRequest) => expand(messageOf(request));

/** Whether the rules read only part of the message. */
const readInPart = (request: UnderstandRequest) => wholeMessage(request).length > MAX_ANALYSED_CHARS;

/** The earlier turns as the rules read them: each within MAX_ANALYSED_CHARS, the last ten. */
const turnsOf = (request: UnderstandRequest) =>
  (request.conversation ?? []).slice(-10).map((turn) => ({ ...turn, text: analysedPart(turn.text) }));

const lastPracticeTurn = (request: UnderstandRequest) =>
  turnsOf(request)
    .reverse()
    .find((turn) => turn.from === 'practice');

/** What the rules read of an inquiry's safety before the learned reader has its say (`understandInquiry`). */
export interface RulesSafety {
  /** Self-harm or suicidal language: it reaches a person first, whatever else the message says. */
  crisis: EscalationFinding | null;
  /** An opt-out the rules read (a bare CANCEL answering a promotion included). */
  optOut: string | null;
  /** Spam, when neither of the above. */
  spam: string | null;
  /** Every finding of the escalation rules. */
  findings: EscalationFinding[];
}

export function rulesSafety(request: UnderstandRequest): RulesSafety {
  const message = messageOf(request);
  const crisis = findCrisis(message);
  const lastPractice = lastPracticeTurn(request);
  // 'cancel, not interested' answering a promotion is an opt-out too; a bare CANCEL answering a message about the
  // writer's appointment cancels the appointment (the SMS channel still honours it as the carriers' keyword).
  const optOut =
    crisis || (answersAnAppointment(lastPractice) && BARE_CANCEL.test(expand(message)))
      ? null
      : (findOptOut(message) ??
        (lastPractice && isMarketing(lastPractice.text) && /^(cancel|cancelar)\b/.test(expand(message))
          ? message.trim().slice(0, 60)
          : null));
  const findings = withFinding(
    withoutTheSubjectsTopic(request, findEscalations(message, receivedOn(request))),
    request.formFields?.date_of_birth
      ? minorByDateOfBirth(request.formFields.date_of_birth, message, receivedOn(request))
      : null,
  );
  // A word of spam does not silence a sign the message tells ('bumps you can see under the casino lights, can
  // someone look'): a person reads it.
  const told = findings.some((finding) => MEDICAL_READINGS.includes(finding.reason));
  const spam = crisis || optOut || told ? null : findSpam(message);
  return { crisis, optOut, spam, findings };
}

/** The day the message came in, for the ages its dates of birth give (the time of reading when not told). */
function receivedOn(request: UnderstandRequest): Date {
  return request.receivedAt ?? new Date();
}

/** The findings, less a symptom only the e-mail's subject names as the topic of its body (`subjectIsTheTopic`). */
function withoutTheSubjectsTopic(
  request: UnderstandRequest,
  findings: EscalationFinding[],
): EscalationFinding[] {
  const subject = request.subject?.trim();
  if (
    !subject ||
    !request.text.trim() ||
    !findings.some((finding) => MEDICAL_READINGS.includes(finding.reason))
  )
    return findings;
  return subjectIsTheTopic(subject.normalize('NFKC'), analysedPart(request.text.normalize('NFKC')))
    ? findings.filter((finding) => !MEDICAL_READINGS.includes(finding.reason))
    : findings;
}

/**
 * A form's fields as its only text, one short 'name: value' a line ('service: Invisalign', 'nombre: Luz'), none of
 * them a message of the writer's own ('message: …', 'comments: …', a value of more than five words).
 */
const FIELD_LINE = /^([\p{L}_][\p{L}\p{N}_ -]{0,39}):(?!\/\/)[ \t]*([^\n]{0,80})$/u;
const WRITTEN_FIELD =
  /message|mensaje|mensagem|comment|question|pregunta|pergunta|note|nota|help|ayuda|ajuda|detail|describe|concern/i;
function isFieldList(message: string): boolean {
  const lines = message.split('\n').filter((line) => line.trim() !== '');
  if (lines.length < 2 || lines.length > 20) return false;
  const names = new Set<string>();
  for (const line of lines) {
    const field = FIELD_LINE.exec(line.trim());
    // A name said twice is a transcript ('Visitor: …', 'Visitor: …'), six words and more a sentence.
    if (!field || WRITTEN_FIELD.test(field[1]) || names.has(field[1].toLowerCase())) return false;
    if (field[2].trim().split(/\s+/).length > 5) return false;
    names.add(field[1].toLowerCase());
  }
  return true;
}

/**
 * A text that is a service's name and nothing more ('Laser Hair Removal', 'Carillas'), as a form sends it, under
 * its field's name or not ('procedimento: Lipoaspiração') (`found`: the procedures the text names).
 */
function onlyAService(message: string, found: readonly FoundProcedure[]): boolean {
  const value = message.replace(/^\s*[\p{L}_][\p{L}_ -]{0,29}:(?!\/\/)\s*/u, '');
  if (found.length === 0 || value.split(/\s+/).length > 6) return false;
  const rest = found.reduce((text, item) => text.replace(item.text, ' '), expand(value));
  return !/\p{L}{2,}/u.test(rest);
}

/**
 * Whether the rules alone settle an inquiry, so that the learned reader would change nothing staff or the patient
 * see but a line of its reasoning: self-harm language, or, with no opt-out to weigh, spam or a finding a person
 * must handle (the reader only adds to the rules' findings when they have none, and an escalation decides the
 * intent). The reader is then not asked: its sentence model is most of the engine's CPU a message. One thing is
 * given up, failing safe: an opt-out only the reader would hear in a message a person must handle anyway reaches
 * that person as the message, not as a recorded opt-out.
 */
export function settledByRules(safety: RulesSafety): boolean {
  if (safety.crisis) return true;
  if (safety.optOut) return false;
  return safety.spam !== null || safety.findings.some((finding) => finding.reason !== 'low_confidence');
}

/**
 * The built-in understanding of an inquiry (docs/product/ai-engine.md#understanding): rules over the words of the
 * message, in English and Spanish, SMS shorthand and typos included, and the procedure catalogue, joined with the
 * learned reader's reading of the same message when one is given (learned/combine.ts: escalation is the union,
 * opt-outs never rest on the reader alone, intent a blend). Pure and synchronous; no network. Safety readings
 * (escalation, opt-out, wrong number, spam) come first and are never overridden by a provider.
 */
export function understandInquiry(
  request: UnderstandRequest,
  learned?: LearnedReading,
  safety: RulesSafety = rulesSafety(request),
): Understanding {
  return readInquiry(request, learned, safety).understanding;
}

/**
 * `understandInquiry`, with what the engine knew of its reading when it chose its confidence (`signals`: null
 * when no learned reading took part, or a person or no outreach follows anyway). The reading's confidence is the
 * calibrated probability that it is right when the learned reading carries a calibration (learned/confidence.ts);
 * `npm run train:ai` reads the signals of held-out readings to fit it.
 */
export function readInquiry(
  request: UnderstandRequest,
  reading?: LearnedReading,
  safety: RulesSafety = rulesSafety(request),
): { understanding: Understanding; signals: ConfidenceSignals | null } {
  const fields = request.formFields ?? {};
  const message = messageOf(request);
  const inMessage = findProcedures(message, request.practiceProcedures);
  // A form with nothing written but its fields (or the service it chose, as its only text): the learned reader would
  // read field names ('phone:') as words.
  const onlyFields = request.channel === 'form' && (isFieldList(message) || onlyAService(message, inMessage));
  const learned = onlyFields ? undefined : reading;
  const procedureField = fields['procedure_interest'] ?? '';
  const { language, evidence: languageEvidence } = detectLanguage(message || procedureField || '');
  const words = expand(message);
  const reasons: string[] = [];

  // Procedures: the form's procedure field first, then the message in text order, then (when the message names
  // none) the conversation before it, most recent first.
  let found: FoundProcedure[] = [
    ...findProcedures(procedureField, request.practiceProcedures).map((item) => ({ ...item, position: -1 })),
    ...inMessage,
  ];
  let treatedBefore = false;
  // Whether the message (or its form) names a procedure itself, rather than the conversation before it.
  const namesProcedure = found.length > 0;
  if (found.length === 0 && request.conversation?.length) {
    for (const turn of turnsOf(request).reverse()) {
      found = findProcedures(turn.text, request.practiceProcedures);
      if (found.length > 0) {
        treatedBefore = turn.from === 'practice' && CHECK_IN.test(expand(turn.text));
        break;
      }
    }
  }

  // Safety readings. CANCEL answering a message about the writer's appointment (a reminder, a confirmation),
  // bare or with a reason, cancels the appointment; answering a promotion or nothing, a bare CANCEL (or CANCEL ME)
  // is an opt-out. The SMS channel records the carriers' keyword either way and hands the cancellation on.
  const lastPractice = lastPracticeTurn(request);
  const { crisis } = safety;
  // The reader's word alone never turns that cancellation into an opt-out.
  const cancelWords =
    answersAnAppointment(lastPractice) &&
    /^(cancel|cancel it|cancelar|cancela|cancelen|cancelo|anular)\b/.test(words);
  const optOut = crisis
    ? null
    : (safety.optOut ??
      (learned && !cancelWords && learnedOptOut(learned, words, message) ? excerpt(message) : null));
  const cancelsAppointment = !optOut && cancelWords;
  const spam = optOut ? null : safety.spam;
  const wrongNumber = spam || optOut || crisis ? null : findWrongNumber(message);
  // An opt-out is honoured, but a symptom or an emergency told with it still reaches a person ('STOP texting me,
  // my lip went white after the filler'): silence is not a safe answer to it.
  const ruleFindings = (spam ? [] : optOut ? safety.findings.filter(urgentMedical) : safety.findings).map(
    (finding) =>
      // A symptom told in answer to a check-in after a treatment ('how are you feeling after your Kybella?') is a
      // symptom after that treatment.
      treatedBefore && finding.reason === 'medical_concern' && finding.priority === 'high'
        ? { ...finding, reason: 'post_treatment_symptoms' as const }
        : finding,
  );
  const ruleEscalations = crisis
    ? [crisis, ...ruleFindings.filter((finding) => finding.reason !== 'medical_concern')]
    : ruleFindings;
  // What the rules missed and the learned reader says a person must handle.
  const learnedFinding =
    learned && !spam
      ? learnedEscalation(learned, ruleEscalations, message, words, receivedOn(request))
      : null;
  // With an opt-out or a wrong number the rules read, the reader's medical reading counts only when the message
  // names the body or a sign: 'stop emailing me every day i swear to god' is an opt-out, however angry, and 'wrong
  // person, my name is not Tyler' asks for no one.
  const escalations =
    learnedFinding && (!(optOut || wrongNumber) || (urgentMedical(learnedFinding) && namesTheBody(message)))
      ? [
          ...ruleEscalations,
          treatedBefore && learnedFinding.reason === 'medical_concern'
            ? { ...learnedFinding, reason: 'post_treatment_symptoms' as const }
            : learnedFinding,
        ]
      : ruleEscalations;

  found = refineProcedures(found, message, escalations);
  const procedures = reportProcedures(found, request.practiceProcedures);
  if (procedures.length > 0) {
    reasons.push(`Procedures: ${found.map((item) => `'${item.text}' → ${item.name}`).join(', ')}.`);
  }

  const cues = readCues(words, message);
  if (cancelsAppointment) {
    cues.scores.cancel_appointment = (cues.scores.cancel_appointment ?? 0) + 4;
    cues.evidence.cancel_appointment ??= message.trim().slice(0, 40);
  }
  const reply = readReply(words, request);
  // What the reader takes for spam or a wrong number, and the message's own words bear out.
  const notALead = !!learned && !optOut && !spam && !wrongNumber && escalations.length === 0;
  const learnedSpamFound = notALead && learnedSpam(learned, words, message) ? excerpt(message) : null;
  const learnedWrongFound =
    notALead && !learnedSpamFound && learnedWrongNumber(learned, words) ? excerpt(message) : null;
  let intent: Intent;
  let intentConfidence: number;
  // The rules' reading and the blend's share, when the learned reading had its say on the intent.
  let blended: { rules: { intent: Intent; confidence: number }; chosen: number } | null = null;
  if (optOut) {
    intent = 'opt_out';
    intentConfidence = 0.95;
    reasons.push(`Asks to stop: '${optOut}'.`);
  } else if (spam || learnedSpamFound) {
    intent = 'spam';
    intentConfidence = spam ? 0.9 : 0.8;
    reasons.push(`Spam: '${spam ?? learnedSpamFound}'.`);
  } else if ((wrongNumber && escalations.length === 0) || learnedWrongFound) {
    intent = 'wrong_number';
    intentConfidence = wrongNumber ? 0.85 : 0.8;
    reasons.push(`Wrong number: '${wrongNumber ?? learnedWrongFound}'.`);
  } else {
    ({ intent, confidence: intentConfidence } = chooseIntent(
      cues,
      escalations,
      // A procedure only the conversation named does not make 'who is this?' a question about it.
      namesProcedure && procedures.length > 0,
      reply,
      words,
    ));
    // An escalation decides the intent (chooseIntent); otherwise the learned reading has its say.
    if (learned && escalations.length === 0) {
      const rules = { intent, confidence: intentConfidence };
      ({ intent, confidence: intentConfidence } = blendIntent(rules, learned));
      blended = { rules, chosen: intentConfidence };
    }
    // A form sent with a service chosen and nothing written asks to be contacted about it: a request to book.
    if (onlyFields && procedures.length > 0 && escalations.length === 0) {
      intent = 'booking';
      intentConfidence = Math.max(intentConfidence, 0.85);
    }
    reasons.push(`Intent ${intent}${cues.evidence[intent] ? `: '${cues.evidence[intent]}'` : ''}.`);
  }

  const safetyIntent = intent === 'spam' || intent === 'opt_out' || intent === 'wrong_number';
  const wordCount = words.split(' ').filter((word) => /\p{L}/u.test(word)).length;
  const signals: ConfidenceSignals | null =
    learned && blended && !safetyIntent
      ? {
          intent,
          blended: blended.chosen,
          rules: blended.rules.confidence,
          agree: blended.rules.intent === intent,
          reader: readerShare(learned, intent),
          readerTop: Math.max(...Object.values(learned.intents)),
          nearEscalation: learned.mustEscalate / learned.threshold,
          embedded: learned.embedded !== false,
          procedure: procedures.length > 0,
          words: wordCount,
        }
      : null;
  let confidence = intentConfidence;
  if (signals && learned?.calibration) confidence = calibratedConfidence(learned.calibration, signals);
  else if (!safetyIntent) {
    if (wordCount < 3 && procedures.length === 0) confidence = Math.min(confidence, 0.45);
    else if (procedures.length > 0) confidence = Math.min(0.95, confidence + 0.05);
  }
  const findings = [...escalations];
  // A medical concern the blend chose with nothing found that sends it to a person still goes to one.
  const clinical =
    learned && blended && intent === 'medical_concern' && findings.length === 0
      ? clinicalReadingFinding(learned, words, message, treatedBefore)
      : null;
  if (clinical) {
    findings.push(clinical);
    reasons.push(`Read as a medical concern: '${clinical.evidence}'.`);
  }
  const unread =
    reply.vague ||
    reply.pointerOnly ||
    reply.eitherOr ||
    (reply.affirmative && !reply.offer) ||
    (cues.unreadQuestion && procedures.length === 0 && wordCount <= 5 && !GREETING.test(words));
  if (!safetyIntent && intent !== 'help' && findings.length === 0 && unread) {
    confidence = Math.min(confidence, 0.4);
    findings.push({ reason: 'low_confidence', priority: 'low', evidence: message.trim().slice(0, 160) });
  }
  // A message only the learned reader takes for spam or a wrong number gets a person, not outreach.
  if (learned && !safetyIntent && findings.length === 0 && learnedNotALead(learned)) {
    confidence = Math.min(confidence, 0.4);
    findings.push({ reason: 'low_confidence', priority: 'low', evidence: excerpt(message) });
  }
  // A message longer than the rules read: a person reads it all (what it says past the cut is not known here).
  if (!safetyIntent && findings.length === 0 && readInPart(request)) {
    confidence = Math.min(confidence, 0.4);
    findings.push({ reason: 'low_confidence', priority: 'low', evidence: excerpt(message) });
  }
  // A calibrated reading more likely wrong than right goes to a person (the engine's decision does the same with
  // any provider's reading: services/people decision-rules).
  if (signals && learned?.calibration && findings.length === 0 && confidence < ESCALATE_BELOW_CONFIDENCE) {
    findings.push({ reason: 'low_confidence', priority: 'low', evidence: excerpt(message) });
  }
  if (learned) reasons.push(learnedReasoning(learned));
  for (const finding of findings) reasons.push(`Escalation ${finding.reason}: '${finding.evidence}'.`);

  const urgency = chooseUrgency(intent, findings, cues, words, reply);
  reasons.push(`Urgency ${urgency}${cues.evidence.urgency ? `: '${cues.evidence.urgency}'` : ''}.`);
  reasons.push(`Language ${language} (${languageEvidence}).`);

  const keyConcerns = safetyIntent ? [] : cues.concerns;
  const preferredContactMethod = contactMethod(fields, words);
  const preferredContactTime = contactTime(fields, words);
  const understanding: Understanding = {
    language,
    intent,
    intent_confidence: round(intentConfidence),
    procedures_of_interest: ['spam', 'wrong_number', 'opt_out', 'help'].includes(intent) ? [] : procedures,
    urgency_level: urgency,
    key_concerns: keyConcerns,
    inquiry_summary: summarise({
      intent,
      procedures,
      findings,
      cues,
      language,
      urgency,
      channel: request.channel,
    }),
    escalation: findings[0] ?? null,
    escalations: findings,
    buying_signals: safetyIntent ? [] : cues.buyingSignals,
    objections: safetyIntent ? [] : cues.objections,
    budget_indicator: safetyIntent ? null : budget(cues, procedures),
    preferred_contact_method: preferredContactMethod,
    preferred_contact_time: preferredContactTime,
    communication_style: style(message, words, wordCount),
    confidence: round(confidence),
    reasoning: reasons.join(' '),
    provider: 'built-in',
    model: 'built-in',
  };
  return { understanding, signals: findings.length === 0 ? signals : null };
}

/**
 * The procedures as a reader would name them (docs/product/ai-engine.md#understanding; the labelling guide,
 * libs/ai/eval/fixtures/README.md): a tooth that hurts or broke now is Emergency Dental Care (a wisdom tooth that
 * hurts too, unless its removal is asked for); a cleaning named for a child is the cleaning, a child's checkup is
 * Pediatric Dentistry; a procedure told as history ('I had a tummy tuck years ago', 'healed great from my eyelid
 * surgery') is not the one asked about when another is named.
 */
function refineProcedures(
  found: FoundProcedure[],
  message: string,
  escalations: readonly EscalationFinding[],
): FoundProcedure[] {
  let result = [...found];
  const folded = expand(message);
  // A symptom after a treatment is about that treatment ('my wisdom tooth was pulled and it still bleeds').
  const dentalNow =
    escalations.some((finding) => finding.reason === 'medical_concern' && finding.priority === 'high') &&
    !escalations.some((finding) => finding.reason === 'post_treatment_symptoms');
  if (dentalNow && TEETH.test(folded) && !result.some((item) => item.key === 'emergency-dental')) {
    const removalAsked =
      /\b(pull\w*|extract\w*|remov\w*|take (it|them) out|sacar\w*|extraccion|quitar\w*)\b/.test(folded);
    const dentalWork = result.filter((item) =>
      /dental|crown|root|implant|veneer|extraction|all-on|whitening|aligner|invisalign/.test(item.key),
    );
    if (dentalWork.every((item) => item.key === 'tooth-extraction' && !removalAsked)) {
      result = result.filter((item) => item.key !== 'tooth-extraction');
      result.push({
        key: 'emergency-dental',
        name: 'Emergency Dental Care',
        text: 'tooth',
        position: 0,
        exact: true,
      });
    }
  }
  const keys = new Set(result.map((item) => item.key));
  if (keys.has('pediatric-dentistry') && keys.has('cleaning-exam')) {
    // '…needs a cleaning' for a child is the cleaning; 'do you see kids? …his first cleaning' asks for both; a
    // child's checkup is Pediatric Dentistry.
    const cleaningNamed = /\b(cleanings?|limpiezas?|clean (his|her|their) teeth)\b/.test(folded);
    const childrenAsked =
      /\b((do|can) (you|u)|you) (see|treat|take|accept) (kids|children|toddlers)\b|\b(atienden|ven) (a )?ninos\b|\bpediatric|\bkids? dentist/.test(
        folded,
      );
    if (!cleaningNamed) result = result.filter((item) => item.key !== 'cleaning-exam');
    else if (!childrenAsked) result = result.filter((item) => item.key !== 'pediatric-dentistry');
  }
  // An implant's crown is part of the implant ('my implant crown feels loose').
  if (
    keys.has('dental-implants') &&
    keys.has('crowns') &&
    /\b(implant crowns?|crowns? on (my|the|an|her|his) implants?|corona (del|de mi|sobre el) implante)\b/.test(
      folded,
    )
  )
    result = result.filter((item) => item.key !== 'crowns');
  // A chip or a break told only to ask about its repair ('chipped it a while ago, no pain — veneer or crown?') is
  // that repair, not emergency care.
  const medicalNow = escalations.some(
    (finding) => finding.reason === 'medical_concern' || finding.reason === 'post_treatment_symptoms',
  );
  const repair = result.some((item) => /crown|veneer|implant|bonding/.test(item.key));
  if (!medicalNow && repair && !/\b(emergenc\w*|urgen\w*)\b/.test(folded))
    result = result.filter((item) => item.key !== 'emergency-dental');
  if (result.length > 1) {
    const history = result.filter((item) => toldAsHistory(folded, item.text));
    if (history.length > 0 && history.length < result.length)
      result = result.filter((item) => !history.includes(item));
  }
  return result;
}

/** A message about an appointment the contact has (a reminder, a confirmation), not an offer to book one. */
const APPOINTMENT_MESSAGE =
  /\b(reminder|recordatorio|le recordamos|te recordamos|lembrete|lembramos|(your|su|tu|sua) (\w+ )?(appointment|appt|visit|consultation|session|cleaning|treatment|procedure|surgery|cita|consulta)( is| on| at| for| tomorrow| today| es| el| manana| hoy| e| amanha| hoje)|reply c to confirm|to confirm|para confirmar|(see you|nos vemos|te esperamos|le esperamos) (tomorrow|today|on|at|this|next|monday|tuesday|wednesday|thursday|friday|saturday|sunday|manana|hoy|el|este|lunes|martes|miercoles|jueves|viernes|sabado|domingo))\b/;

/** CANCEL alone, as the carriers' keyword is sent: nothing but the word (and 'it', 'please'). */
const BARE_CANCEL = /^\W*(cancel|cancelar)( (it|please|pls|por favor))?\W*$/;

/** Whether the practice's last message was about the writer's own appointment, not an offer. */
function answersAnAppointment(lastPractice: { text: string } | undefined): boolean {
  return (
    !!lastPractice && APPOINTMENT_MESSAGE.test(expand(lastPractice.text)) && !isMarketing(lastPractice.text)
  );
}

/** An offer or a promotion: 'Cancel, …' answering it is not about an appointment. */
const MARKETING_MESSAGE =
  /\$amount|\b(book (your|now|today|a|an)|reply to book|promo\w*|specials?|event|offers?|deals?|discounts?|limited|save|off|promocion\w*|oferta\w*|descuento\w*|gratis|aprovech\w*|aproveit\w*|desconto\w*|(agenda|reserva|agende|reserve) (tu|su|ya|ahora|hoy|ja|agora|sua|seu))\b/;

/** A practice message that sells: an offer's words, or a discount ('20% off'; the folded text drops the sign). */
const isMarketing = (text: string) => MARKETING_MESSAGE.test(expand(text)) || /\d\s?%/.test(text);

/** Teeth and gums themselves (not 'smile' or 'mouth', which a face can also tell). */
const TEETH = /\b(teeth|tooth|molars?|gums?|wisdom|dientes?|muelas?|encias?|colmillos?)\b/;

/** 'I had a tummy tuck elsewhere years ago', 'healed great from my eyelid surgery': a procedure in the past. */
function toldAsHistory(folded: string, written: string): boolean {
  const name = written.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return (
    new RegExp(
      String.raw`\b(had|got|did)\b[^.!?]{0,20}\b${name}\b[^.!?]{0,40}\b(years? ago|a year ago|last year|elsewhere|somewhere else|with no complications|in the past)\b`,
    ).test(folded) ||
    new RegExp(String.raw`\b(healed|recovered)( \w+){0,2} (from|after) (my|the|a|an|her|his) ${name}\b`).test(
      folded,
    )
  );
}

/** A greeting or a nudge alone ('hello?', 'anyone there?'): nothing to read, nothing to escalate. */
/** The practice checking in after a treatment ('how are you feeling after your peel?', '¿cómo sigue?'). */
const CHECK_IN =
  /\b(after|since|post|following|healing|recover\w*|how are you feeling|how (is|are) (your|the) \w+ (healing|settling|doing)|despues|como (se|te) sient\w*|como sigue|como va)\b/;

const GREETING =
  /^(hi|hello|hey|hiya|hola|buenas|buenos dias|buenas tardes|good (morning|afternoon|evening)|anyone there|is anyone there|are you there|hello anyone|alo)( there| team| again)?[ ?!.]*$/;

const round = (value: number) => Math.round(value * 100) / 100;

/** A symptom or an emergency, after a treatment or not: what an opt-out in the same message does not silence. */
const urgentMedical = (finding: EscalationFinding) =>
  finding.priority === 'high' &&
  (finding.reason === 'medical_concern' || finding.reason === 'post_treatment_symptoms');

// --- cues ------------------------------------------------------------------------------------------

interface Cues {
  scores: Partial<Record<Intent, number>>;
  /** Intents a cue of full weight read ('book', 'put me down'), not only several weak ones ('I want', 'consult'). */
  strong: Set<Intent>;
  evidence: Partial<Record<Intent | 'urgency', string>>;
  urgencyHigh: boolean;
  urgencyMedium: boolean;
  urgencyLow: boolean;
  question: boolean;
  /** A question none of the rules could read. */
  unreadQuestion: boolean;
  concerns: string[];
  buyingSignals: string[];
  objections: { objection_type: string; likelihood: number }[];
  budgetLow: boolean;
  budgetHigh: boolean;
  callMe: boolean;
}

interface Cue {
  intent: Intent;
  weight: number;
  pattern: RegExp;
}

/** Words that point to an intent, read on the folded, shorthand-expanded text. */
const INTENT_CUES: Cue[] = [
  {
    intent: 'information',
    weight: 2.5,
    pattern:
      /\b((what are|whats|what is) your hours|(weekend|saturday|sunday|evening|holiday) hours|are you open|what time do you (open|close)|who (does|do|will do|performs|is doing) the|board certified|what time (does|do|is|are) [^?.!]{0,30}\b(open|close|closed)|what happens next|what are the next steps|would you recommend|do you recommend|a que hora (abren|cierran)|horario|old enough|too young|age (limit|minimum)|minimum age|edad minima|(non )?refundable|reembolsable)\b/,
  },
  {
    intent: 'pricing',
    weight: 2,
    pattern:
      /\b((consult\w*|consulta|exam|visit|evaluation|valoracion) (is |be )?(free|cost|fee|charge)|free (consult\w*|consulta|valoracion)|is (the|your) (consult\w*|consultation|exam) free|consulta (es )?gratis|tiene costo la (consulta|valoracion))\b/,
  },
  {
    intent: 'booking',
    weight: 2.5,
    pattern:
      /\b(any (\w+ )?(appointments?|openings?|slots?|spots?) (after|before|on|this|next|tomorrow|today|tonight|left|available|open|\w+day)|(do you|have you|you) (have|got) (anything|something|any time|time|room|space|an opening)( open| available| free)?( on| this| next| for| tomorrow| today| \w+day)|put me down|earliest (slot|appointment|time)|any time (on|this|next) \w+|anything (open|available|free)|looking at (a |the )?((mon|tues|wednes|thurs|fri|satur|sun)day|date|weekend)|(end of the month|(mon|tues|wednes|thurs|fri|satur|sun)days?|mornings?|afternoons?|evenings?|weekends?|next week) (works|work) best|(have|got) (\w+ )?(rooms?|spots?|openings?|slots?|times?|chairs?) (free|open|available))\b/,
  },
  {
    intent: 'booking',
    weight: 2.5,
    pattern:
      /\b(works for me|(monday|tuesday|wednesday|thursday|friday|saturday|sunday|morning|afternoon|\d{1,2}(:\d\d)? ?(am|pm)) (works|is good|is fine|is perfect|please)|see (you|u) (then|there)|the \d{1,2}(:\d\d)? ?(am|pm)?( one| slot)? please|i will take (the|it|that)|book (it|me)|lock (it|me) in|me queda bien|nos vemos)\b/,
  },
  {
    intent: 'booking',
    weight: 1,
    pattern:
      /\b(i want(?! to know)|i wanna|(i |^)need (a|an|to get|to have|to book|my)|want to get|wanting|looking to (get|have|do)|would like to (get|have|do)|i would like (a|an|some|to try)|quiero(?! saber| informacion| info)|me quiero (hacer|poner)|me gustaria (hacerme|ponerme))\b/,
  },
  // a rate per unit ('is the $11 a unit at both locations')
  {
    intent: 'pricing',
    weight: 2,
    pattern:
      /(?:^|\s)(?:\$amount )?(?:a|an|per|each|por|la|el) (?:unit|units|syringe|vial|session|area|unidad|jeringa|sesion)\b/,
  },
  // pricing, said indirectly
  {
    intent: 'pricing',
    weight: 2,
    pattern:
      /\b(run me|set me back|what is the damage|whats the damage|(come|comes|coming) (to|out to)( about| roughly)?|what (does|do|would|will) (that|it|this|one|these|they|those)( \w+ly)? run|going rate|rough idea of (what|the cost)|en cuanto (me )?sale|que precio|(are|r) (you|u|yall|you all|you guys) charging|cheapest|most affordable|lowest price|cotizacion|cotizar|presupuesto|\d+ (dolares|dollars|bucks|dlls))\b/,
  },
  // pricing
  {
    intent: 'pricing',
    weight: 2,
    pattern:
      /\b(how much(?! (swelling|bruising|pain|downtime|down time|time|recovery|numbing|botox do|filler do|product|units do|should i))|price|prices|pricing|priced|cost|costs|costing|what do you charge|charge for|rates?|fees?|quote|estimate|ballpark|per unit|per syringe|\$amount|cuanto (cuesta|cuestan|vale|valen|sale|salen|cobran|es|seria|costaria|me sale|por|el|la|los|las)|cuanto (me |nos |le )?(cobrarian|cobraria|cobran|cobra|costaria|saldria|saldrian)|cuanto( \?)?$|precio|precios|costo|costos|cuesta|cuestan|valen|tarifas?|cobran)\b/,
  },
  {
    intent: 'pricing',
    weight: 1.5,
    pattern:
      /\b(specials?|promo|promos|promotion|promotions|discount|discounts|deal|deals|coupon|(limited time |special |current )?offers? (on|for)|inversion (para|de|del|en)|afford|affordable|expensive|cheap|cheaper|budget|ofertas?|descuentos?|promocion(es)?)\b/,
  },
  // booking, said indirectly
  {
    intent: 'booking',
    weight: 2.5,
    pattern:
      /\b((can|could|may) (i|we) (get|have|book|schedule|grab|snag|set up|make) (a|an|my|our) (consultation|appointment|slot|spot|time|visit)|(can|could) (you|u) (give|get|set up|book|squeeze|fit) (me|us) (in|(a|an) (consultation|appointment|slot|spot|time|visit))|(me |nos )?(pueden|puede|podrian|podria) (dar|agendar|apartar|hacer)(me|nos)? (una )?(cita|turno|hora|espacio)|(dar|darme|agendar|agendarme|apartar|apartarme|sacar)(me)? (una )?(cita|turno)|(lo|la|me lo|me la) (puedo|podria|pueden|podrian) (hacer|poner|agendar)( \w+){0,2} (hoy|manana|el|este|esta|this|next|tomorrow|today|on|(mon|tues|wednes|thurs|fri|satur|sun)day|lunes|martes|miercoles|jueves|viernes|sabado|domingo)\b|puedo (ir|pasar) (hoy|manana|el (lunes|martes|miercoles|jueves|viernes|sabado|domingo)|este|esta semana)|confirm(ing|ed)? (my|our|the|for) (\w+ )?(appointment|appointments|consultation|consult|visit|booking|spot|slot|cleaning|session|cita)|^(confirm|confirmed|confirming)(?=[ !.]*$)|confirming(?=[ !.]*$)|confirmo (mi |la )?(cita|asistencia)|when (are|r) (you|u) (free|open for)|get on (your|the) (calendar|schedule|books)|set up a time|(do|can) (you|u) (have|fit|see)\b.{0,20}\b(anything|something|room|me in)|me (pueden|puede|podrian) (dar|apartar) (un|una) (espacio|hora|cita|lugar)|cuando me (pueden|puede|podrian) (atender|ver|recibir)|tienen (espacio|lugar|algo|citas|turnos|horarios?( disponibles)?)|(hacen|dan|tienen) (consultas|valoraciones|citas)|cancellation list|wait ?list|lista de espera)\b/,
  },
  // prices in Portuguese ('quanto custa o botox?', 'qual o valor do clareamento?', 'tem promoção?')
  {
    intent: 'pricing',
    weight: 2,
    pattern:
      /\b(quanto (custa|custam|fica|ficam|ficaria|sai|sairia|cobram|cobra|e|seria|vale|valem|esta|ta)|(qual|quais) (e |sao )?(o |os )?(valor|valores|preco|precos|custo|custos)|valor|valores|preco|precos|promocao|promocoes|desconto|descontos|orcamento|mais barat[oa])\b/,
  },
  // questions in Portuguese ('vocês aceitam convênio?', 'onde fica a clínica?', 'tem estacionamento?')
  {
    intent: 'information',
    weight: 2.5,
    pattern:
      /\b((aceitam|atendem|trabalham com|cobre|cobrem) (\w+ )?(convenio|plano|seguro|cartao)|convenio|plano de saude|horario de funcionamento|(que|qual) (horas?|horario) (abre|abrem|fecha|fecham)|onde (fica|ficam)|endereco|estacionamento|parcelamento|parcelar|(pode|posso|da pra) parcelar|quanto tempo (dura|demora|leva)|tempo de recuperacao)\b/,
  },
  // booking in Portuguese ('tem horário sábado?', 'queria marcar uma avaliação', 'dá pra encaixar?'), a free time
  // asked for in Spanish ('¿hay espacio el martes?'), a drop-in in English ('can I stop in Saturday?')
  {
    intent: 'booking',
    weight: 2.5,
    pattern:
      /\b((quero|queria|gostaria de|gostava de|preciso|posso|podemos|da pra|consigo|vou|quer|pode|possivel) (\w+ )?(marcar|agendar|reservar)|marcar (uma|um|a|o) |tem (horario|horarios|vaga|vagas|disponibilidade|agenda|encaixe)|(algum|um) (horario|encaixe) (livre|disponivel|para|pra|na|no|hoje|amanha)|(consigo|tem como) (um |uma )?(horario|encaixe|vaga)|encaixar|encaixe|quando (posso|eu posso|da pra|consigo) (ir|passar|vir|marcar)|hay (espacio|lugar|cupo|citas|turnos)|tienen cupo|(can|could|may) (i|we) (stop|pop|swing|drop|come) (in|by))\b/,
  },
  // booking
  {
    intent: 'booking',
    weight: 2.5,
    pattern:
      /\b(book|booking|booked|schedule|scheduling|make an appointment|set up an appointment|get an appointment|an appointment|appointment for|appointment on|appointment this|appointment next|reserve|sign me up|come in|get in|fit me in|squeeze me in|walk in|walk ins|next available|first available|opening|openings|any availability|your availability|availability|available (on|this|next|tomorrow|today|for|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|slots?|agendar|agendarme|agenda|hacer una cita|sacar (una )?cita|una cita|otra cita|reservar|apartar|disponibilidad|tienen espacio|pueden atenderme|quiero ir|(pedir|separar|solicitar) (una |un )?(cita|turno|hora|consulta|lugar|espacio)|(que|cuales) (dias|horarios|horas|fechas) (tienen|hay|les quedan)|what (do|does|would) (you|u|y'?all|you guys|the \w+) have (open|available|free)|(have|got) (anything|something|any times?) (open|available|free))\b/,
  },
  {
    intent: 'booking',
    weight: 1.5,
    pattern:
      /\b(consultation|consult|consulta|valoracion|evaluacion|when can (i|we) (meet|come|book|get in|see|schedule|start|do)|can (i|we) come|next step|ready to|ready for (my|a|an|the|another|some|more)|(estoy |ya estoy )?list[oa]s? para (mi|el|la|otra|otro|mis|hacerme|ponerme)|i want to get|want to get it done|i would like to get|id like to get|get started|start (the )?process|sign up|this (week|weekend|saturday|sunday|monday|tuesday|wednesday|thursday|friday)|tomorrow|today|next week|weekend|manana|hoy|esta semana|la proxima semana|fin de semana)\b/,
  },
  // reschedule, said indirectly
  {
    intent: 'reschedule',
    weight: 4,
    pattern:
      /\b((\w+day|morning|afternoon|evening|\d{1,2}(:\d\d)? ?(am|pm)) instead( of)?|instead of (my |the )?(\w+day|\d{1,2}(:\d\d)?( ?(am|pm))?|morning|afternoon|tomorrow|today)|(be|get|got|it|appointment|consultation|visit|cleaning|session) moved( to)?|new (time|date|day|slot) for (my|the|our|her|his)|(min|mins|minutes) (behind|out|away)|running (\d+ )?behind|(be|running|gonna be|going to be|will be|ill be|i will be) (like |about |around |maybe )?\d+ (min |mins |minutes )?(late|behind)|stuck in traffic|voy (como |unos )?(\d+ (minutos|minutitos|min|mins) )?tarde|llego (como |unos )?(\d+ (minutos|minutitos|min|mins) )?tarde|(pasar|mover|cambiar) (mi|la|el|su) (cita|consulta|turno)|(la|lo) (puedo|podemos|pueden|podria|podrian) (pasar|mover|cambiar|recorrer)|(?<!\bel )otro (dia|horario))\b/,
  },
  // cancel, said indirectly
  {
    intent: 'cancel_appointment',
    weight: 4,
    pattern:
      /\b((will not|wont|not) be coming (to|in)|take me off (the|your) (schedule|calendar|books)|remove (my|the) (surgery|appointment|consultation|procedure) (date|time|booking)|call(ing)? off (my|the|our)|decided not to (go ahead|proceed|do it|do the)|(no|not) (voy|vamos) a (ir|poder (ir|llegar|asistir))|no puedo ir\b.{0,30}\bcancel\w*|ya no (voy|vamos|puedo) a? ?ir)\b/,
  },
  // reschedule
  {
    intent: 'reschedule',
    weight: 4,
    pattern:
      /\b(reschedule|re schedule|rebook|(move|change|push|switch|shift|bump)( back)? (my|the|our|her|his|their|this|that|todays|tomorrows|\w+days)( \w+){0,3} (appointment|appointments|consultation|consult|visit|time|date|booking|session|cita|cleaning|checkup|exam|treatment|procedure|surgery|facial|peel|botox|filler|tox|hydrafacial|lipo)s?|different (day|time|date)|another (day|time|date)|later (time|date)|earlier (time|date)|anything (later|earlier|else)|move it to|switch (my|the|it|to)|push (my|the|it)|running( \d+ ?(min|mins|minutes))? late|be( \d+ ?(min|mins|minutes))? late|(can not|cant|cannot|wont|will not) make (it|the|my)\b.{0,60}\b(instead|another|different|later|earlier|anything|other|move|switch|reschedule|redo|rebook|next week|the week after)|llego tarde|voy tarde|llegare tarde|(voy|vamos|va) a llegar (un poco |unos minutos |como \d+ (minutos|min) )?tarde|be (a (little|bit|few minutes) |a little bit )late|cambiar (mi|la|su|tu|nuestra) (cita|hora|fecha)|reprogramar\w*|mover (mi|la) cita|(cambiar|mover|pasar)(la|lo)\b|(?<!\bel )otro dia|otra hora|otra fecha|remarc\w*|reagend\w*|(mudar|trocar|passar|adiar|mover|empurrar)( \w+){0,2} (consulta|horario|avaliacao|limpeza|sessao|marcacao|procedimento|atendimento|botox)|(muevame|muevanme|mueva|muevan|cambieme|cambienme|paseme|pasenme|correme|corrame)( \w+){0,2} (cita|consulta|turno|hora)|cancel\w* (my |the )?[^.!?]{0,30} (and|&) (put|move|switch|book|get) (me|it) (on|in|for|into|to))\b/,
  },
  // cancel
  {
    intent: 'cancel_appointment',
    weight: 4,
    pattern:
      /\b(cancel\w*|anular)\b(?! (list|policy|fee|fees|waitlist|wait list))\b.*\b(appointment|consultation|consult|visit|booking|cita|consulta|tomorrow|today|friday|monday|tuesday|wednesday|thursday|saturday|sunday|manana|hoy|lunes|martes|miercoles|jueves|viernes|sabado|domingo|amanha|hoje)\b|\b(appointment|consultation|cita)\b.*\b(cancel\w*)\b|desmarc\w*|\b(nao|nem) (vou|vamos|vai) (conseguir|poder) (ir|comparecer)\b|\bnao (consigo|posso) (ir|comparecer)\b|\b(wont|will not|can not|cannot|not going to|unable to) (be able to )?(make|come|attend|be there|go)( it| in| to)?( my| the)?( appointment| consultation| consult| visit)?( \w+)? (tomorrow|today|tonight|on|this|next)\b|\b(wont|will not|can not|cannot|not going to) (be able to )?make (it|my appointment|the appointment)\b|\b(please cancel|cancel (it|that|please|mine)|need to cancel|have to cancel|want to cancel|going to cancel|necesito cancelar|quiero cancelar|cancelen|cancelar (la|mi))\b|\bno (voy a|podre) (ir|asistir|llegar)\b/,
  },
  // information
  {
    intent: 'information',
    weight: 1.5,
    pattern:
      /\b(do you (do|offer|have|carry|use|provide|perform|treat|take|accept|work)|does (dr|the doctor)|what is|what are|what does|how long|how many|how often|how does|how do (you|they|i)|does it|do they|is it|is there|are there|can (you|i|it|botox|filler)|difference between|which is better|tell me (more|about)|more information|learn more|information (about|on)|details|downtime|recovery|results?|last|lasts|hurt|painful|side effects|candidate|hours|open on|open|located|location|address|parking|directions|office|near|financing|finance|payment plans?|monthly payments?|carecredit|care credit|cherry|insurance|que es|cuanto (dura|tiempo|tarda)|duele|donde (estan|queda)|horario|a que hora|abren|cierran|aceptan|tienen|hacen|informacion|quisiera saber|quiero saber|me gustaria saber|financiamiento|planes? de pago|pagos|seguro|sucursal)\b/,
  },
  // what it takes: a requirement, an age, who may come along
  {
    intent: 'information',
    weight: 1.5,
    pattern:
      /\b((do|would|will) (i|we|you|she|he) need (a|an|to|my|their|parental|permission|consent|referral)|(necesito|necesita|se necesita) (permiso|receta|referencia|autorizacion)|age (limit|requirement)|how old (do|does|must|should)|(desde|a partir de) (que|cual) edad|can (i|we) bring|puedo (llevar|traer))\b/,
  },
  // 'se puede?', 'is that possible?': whether something can be done
  {
    intent: 'information',
    weight: 1.5,
    // ('el sábado se puede?' asks for a time: a booking)
    pattern:
      /(?<!\b(lunes|martes|miercoles|jueves|viernes|sabado|domingo|manana|hoy|tarde|semana) )\b(se puede|se pueden|se podria|es posible|is (that|it|this) (possible|doable)|same day)\b/,
  },
  {
    intent: 'information',
    weight: 1,
    pattern:
      /\b(interested in|interesad[oa] en|curious about|questions? about|wondering|looking into|thinking about|considering)\b/,
  },
  // help
  {
    intent: 'help',
    weight: 3,
    pattern:
      /^(help|help me|info|information|ayuda|menu)\b|\b((who|wh?o) (is|r|are) (this|you|u)|who dis|whos this|who is texting|(not sure|no idea|do not know) who (this|you) (is|are)|do not know (who|what) (you|this|u)|quien (es|habla|eres)|quem (e|fala|esta falando)|what (are|is) (these|this|the|your) (messages?|texts?|emails?)( (about|for)|\s*\??$)|(link|page|site|website|form|app|button|portal)\b.{0,20}\b(is not|will not|does not|not|keeps not|never) (load|loading|work|working|open|opening|go through|going through)|how does (this|the) (text|texting|message|messages)? ?(thing|service|system)? ?work|no entiendo (estos|los|sus|este|el) (mensajes?|textos?|correos?)|que son estos mensajes|what is this|what is this about|que es esto|what does (this|that|the|your) (text|message|msg|email) mean|(got|received|get|getting) a (text|message|msg|call) from (you|this number|your (office|number))|is (this|it) (actually|really|legit|legitimately|really from)|is this legit|(got|received|get|getting) (a|this|these) (text|message|msg|email|link)s? from (this|your) (number|office|clinic)|(link|page|site|website|form|app|portal)\b.{0,20}\b(just )?(spins|freezes|crashes|hangs)|never (loads|opens)|how did you get my (number|information|email|info)|what (do|am|should) i (supposed to |meant to )?(reply|answer|say|respond|text back|do with)|(i am|im) (so )?confused( about| by)? (these|this|the|your|what)|(page|site|website|form|link|app|calendar|booking)\b.{0,25}\b(keeps?|just keeps|is|was) (spinning|loading|crashing|freezing|timing out|stuck)|(page|site|website|form|link|app)\b.{0,25}\b(will not|does not|did not|would not) (load|submit|go through|open)|who gave you (this|my) (number|information|info|email)|quien (te|les) dio (mi|este) (numero|correo)|i do not understand (these|this|the|your)|booking page|online booking|keeps giving me an error|log ?in|password|portal|my account|the link|your website (is|isnt|is not)|website (is )?(down|broken)|form (is )?(not working|broken)|(cant|can not|cannot) (find|access|open|submit|log)|doesnt work|error message|app (is|isnt|not))\b/,
  },
];

const HIGH_URGENCY =
  /\b(asap|as soon as possible|urgent|urgently|emergency|right away|immediately|right now|today|tonight|this morning|this afternoon|same day|lo antes posible|cuanto antes|urgente|emergencia|hoy|ahorita|ya mismo|en cuanto (antes|puedan)|killing me|cant wait)\b/;
const MEDIUM_URGENCY =
  /\b(tomorrow|this week|this weekend|next week|weekend|soon|soonest|earliest|next available|first available|ready to|this month|before (my|the|a|our) (wedding|event|trip|vacation|birthday|party|reunion|holiday|holidays|cruise|graduation)|by (monday|tuesday|wednesday|thursday|friday|saturday|sunday|next)|in (a|two|2|three|3) weeks?|monday|tuesday|wednesday|thursday|friday|saturday|sunday|manana|esta semana|la proxima semana|pronto|boda|fin de semana|book|booking|schedule|appointment|cita|agendar)\b/;
const LOW_URGENCY =
  /\b(just curious|curious|someday|some day|eventually|next year|in a few months|in the future|no rush|no hurry|thinking about|considering|maybe|not sure yet|down the road|researching|just looking|mas adelante|el proximo ano|algun dia|solo (quiero|queria) saber|tal vez|quizas)\b/;

const CONCERNS: [string, RegExp][] = [
  [
    'price',
    /\b(how much|price|prices|pricing|cost|costs|\$amount|expensive|cheap|afford|budget|rates?|fees?|cuanto|precio|precios|costo|cuesta|cuestan)\b/,
  ],
  [
    'financing',
    /\b(financing|finance|payment plans?|monthly payments?|carecredit|care credit|cherry|pay (over time|monthly|in installments)|financiamiento|plan de pagos|pagos mensuales|a plazos)\b/,
  ],
  [
    'downtime',
    /\b(downtime|down time|recovery|recover|time off( work)?|back to work|heal|healing|how long (until|before|to)|recuperacion|incapacidad)\b/,
  ],
  [
    'pain',
    /\b(pain|painful|hurt|hurts|numbing|anesthesia|sedation|uncomfortable|discomfort|dolor|duele|anestesia)\b/,
  ],
  [
    'results',
    /\b(results?|last|lasts|lasting|natural|look fake|frozen|before and after|before after|how long does it last|permanent|cuanto dura|resultados?|natural)\b/,
  ],
  ['safety', /\b(safe|safety|risks?|risky|dangerous|complications?|seguro|riesgos?)\b/],
  [
    'side effects',
    /\b(side effects?|bruising|swelling|scarring|scars?|efectos secundarios|moretones|hinchazon)\b/,
  ],
  [
    'availability',
    /\b(available|availability|openings?|slots?|soon|soonest|asap|weekend|saturday|sunday|evening|after work|disponibilidad|horario)\b/,
  ],
  [
    'location',
    /\b(where (are|is)|located|location|locations|address|directions|parking|near me|closest|which office|donde (estan|queda)|direccion|ubicacion)\b/,
  ],
  ['insurance', /\b(insurance|covered|coverage|hsa|fsa|seguro)\b/],
  [
    'provider experience',
    /\b(experience|experienced|board certified|credentials|qualified|who (does|performs|will do)|injector|surgeon|doctor|before and after photos)\b/,
  ],
  ['consultation', /\b(consultation|consult|consulta|valoracion)\b/],
  ['candidacy', /\b(candidate|am i (a good|eligible|too)|right for me|work for me|soy candidat[oa])\b/],
];

const OBJECTIONS: [string, RegExp, number][] = [
  [
    'price',
    /\b(expensive|too much|afford|budget|cheaper|cheap|cost is|pricey|out of my price|caro|cara|no me alcanza|presupuesto)\b/,
    0.7,
  ],
  ['price', /\b(how much|price|cost|financing|payment plan|cuanto|precio)\b/, 0.4],
  ['fear of pain', /\b(pain|painful|hurt|scared|afraid|nervous|needles?|miedo|dolor|duele)\b/, 0.5],
  ['downtime', /\b(downtime|down time|recovery|time off|back to work|recuperacion)\b/, 0.5],
  ['natural results', /\b(natural|fake|frozen|overdone|duck lips|look weird|exagerad[oa])\b/, 0.5],
  ['safety', /\b(safe|risks?|side effects|complications|dangerous|seguro|riesgos?)\b/, 0.5],
  ['timing', /\b(not ready|later|next year|someday|not sure (yet|when)|busy|mas adelante)\b/, 0.4],
  ['trust', /\b(reviews?|experience|board certified|credentials|before and after)\b/, 0.3],
  ['partner approval', /\b(husband|wife|boyfriend|girlfriend|partner|spouse|esposo|esposa)\b/, 0.3],
];

const BUYING_SIGNALS: [string, RegExp][] = [
  ['asked to book', /\b(book|booking|schedule|make an appointment|sign me up|agendar|reservar|una cita)\b/],
  [
    'asked about availability',
    /\b(available|availability|openings?|next available|slots?|fit me in|disponibilidad)\b/,
  ],
  ['asked about price', /\b(how much|price|pricing|cost|\$amount|cuanto|precio)\b/],
  [
    'asked about financing',
    /\b(financing|payment plans?|carecredit|care credit|monthly payments?|financiamiento)\b/,
  ],
  [
    'has a date in mind',
    /\b(this week|next week|tomorrow|this weekend|before (my|the|a) \w+|by (monday|tuesday|wednesday|thursday|friday|saturday|sunday)|esta semana|manana)\b/,
  ],
  ['wants it soon', /\b(asap|as soon as possible|soon|right away|urgent|lo antes posible|pronto)\b/],
  [
    'ready to go ahead',
    /\b(ready to|decided|want to get it done|lets do it|let's do it|i am in|sign me up|lista|listo)\b/,
  ],
  ['returning patient', /\b(again|last time|my usual|my regular|touch up|touch-up|retoque|otra vez)\b/],
];

/**
 * Whether the word at `index` of `words` is negated in its clause: read on the same words with the
 * sentence ends kept, so that 'sin dolor ni hinchazón. quiero otra cita' does not negate the booking.
 */
function negatedIn(words: string, stops: readonly string[], index: number): boolean {
  const start = words[index] === ' ' ? index + 1 : index;
  const wordIndex = start === 0 ? 0 : words.slice(0, start).split(' ').length - 1;
  let seen = 0;
  let at = 0;
  while (at < stops.length && (seen < wordIndex || stops[at] === '.')) {
    if (stops[at] !== '.') seen += 1;
    at += 1;
  }
  const prefix = ` ${stops.slice(0, at).join(' ')} `;
  return isNegated(`${prefix}${stops.slice(at).join(' ')} `, prefix.length);
}

/** 'no quiero cancelar nada', "I don't want to cancel": a cancellation refused, not asked for. */
const cancelRefused = (before: string, matched: string) =>
  (/\b(no|dont|do not|not|never|nunca)\s+$/.test(before) &&
    /^(quiero|necesito|want|need|have|going|voy)/.test(matched)) ||
  /\b(dont|do not|not|no) (want|need|going|trying|planning|quiero|necesito|voy a)( to)?\s+$/.test(before);

/** 'asking before I book', 'antes de agendar': the booking is later, the question is now. */
const BEFORE_BOOKING = /\b(before|antes de)( (i|we|you|booking|agendar))?\s*$/;

/**
 * 'before my consultation', 'en mi cita', 'is the consult just talking?': an appointment the writer already has,
 * or the appointment as a thing asked about, not one asked for.
 */
const HELD_APPOINTMENT =
  /\b((my|our|mi|nuestra)( (upcoming|scheduled|next|first|\w+ \w+|\w+))?|(is|does|will|during|at|after) the) $/;
const APPOINTMENT_WORD = /^(consultation|consult|consulta|valoracion|evaluacion|appointment|cita)$/;

/** A cue's first match; for a booking, the first that is not an appointment the writer already has. */
function firstMatch(cue: Cue, words: string): RegExpExecArray | null {
  if (cue.intent !== 'booking') return cue.pattern.exec(words);
  const pattern = new RegExp(cue.pattern.source, `${cue.pattern.flags.replace('g', '')}g`);
  for (let match = pattern.exec(words); match; match = pattern.exec(words)) {
    const before = words.slice(Math.max(0, match.index - 40), match.index);
    if (!(APPOINTMENT_WORD.test(match[0]) && HELD_APPOINTMENT.test(before))) return match;
  }
  return null;
}

function readCues(words: string, message: string): Cues {
  const scores: Partial<Record<Intent, number>> = {};
  const strong = new Set<Intent>();
  const evidence: Cues['evidence'] = {};
  const stops = expandWithStops(message);
  for (const cue of INTENT_CUES) {
    const match = firstMatch(cue, words);
    if (!match) continue;
    const ownNegation =
      cue.intent === 'help' || cue.intent === 'cancel_appointment' || cue.intent === 'reschedule';
    if (!ownNegation && negatedIn(words, stops, match.index)) continue;
    if (cue.intent === 'cancel_appointment' && cancelRefused(words.slice(0, match.index), match[0])) continue;
    if (cue.intent === 'booking' && BEFORE_BOOKING.test(words.slice(0, match.index))) continue;
    scores[cue.intent] = (scores[cue.intent] ?? 0) + cue.weight;
    if (cue.weight >= 2.5) strong.add(cue.intent);
    evidence[cue.intent] ??= match[0];
  }
  const high = HIGH_URGENCY.exec(words);
  const medium = MEDIUM_URGENCY.exec(words);
  const low = LOW_URGENCY.exec(words);
  if (high) evidence.urgency = high[0];
  else if (medium) evidence.urgency = medium[0];
  else if (low) evidence.urgency = low[0];
  const question =
    /\?|¿/.test(message) ||
    /^(how|what|when|where|why|who|which|can|could|do|does|is|are|will|would|should|cuanto|que|como|cuando|donde|por que|puedo|tienen|hacen)\b/.test(
      words,
    );
  const readable = Object.keys(scores).length > 0;
  return {
    scores,
    strong,
    evidence,
    urgencyHigh: !!high,
    urgencyMedium: !!medium,
    urgencyLow: !!low,
    question,
    unreadQuestion: question && !readable,
    concerns: CONCERNS.filter(([, pattern]) => pattern.test(words)).map(([concern]) => concern),
    buyingSignals: BUYING_SIGNALS.filter(([, pattern]) => pattern.test(words)).map(([signal]) => signal),
    objections: dedupeObjections(
      OBJECTIONS.filter(([, pattern]) => pattern.test(words)).map(([objection_type, , likelihood]) => ({
        objection_type,
        likelihood,
      })),
    ),
    budgetLow:
      /\b(cheap|cheaper|cheapest|afford|budget|tight|low cost|lowest price|barat[oa]|economic[oa]|no me alcanza)\b/.test(
        words,
      ),
    budgetHigh:
      /\b(money is no|price is not an issue|price doesnt matter|cost is not an issue|whatever it takes|the best|top of the line|premium|vip|no importa el precio)\b/.test(
        words,
      ),
    callMe: /\b(call me|give me a call|llamame|llamenme|me llaman)\b/.test(words),
  };
}

function dedupeObjections(list: { objection_type: string; likelihood: number }[]) {
  const best = new Map<string, number>();
  for (const item of list)
    best.set(item.objection_type, Math.max(best.get(item.objection_type) ?? 0, item.likelihood));
  return [...best.entries()].map(([objection_type, likelihood]) => ({ objection_type, likelihood }));
}

// --- decisions -------------------------------------------------------------------------------------

interface Reply {
  /** A bare yes/ok/sure (sí, claro…). */
  affirmative: boolean;
  /** The practice's last message offered something to say yes to (a time, a consultation). */
  offer: boolean;
  /** …and it offered two or more options, so a bare yes does not say which. */
  eitherOr: boolean;
  /** The practice's last message named a near date. */
  offerNearDate: boolean;
  /** Only words that point at something the message does not say ('is it still the same?'). */
  pointerOnly: boolean;
  /** Words that point at something not in the message ('same as last time', 'the other thing'). */
  vague: boolean;
}

const AFFIRMATIVE =
  /^((lol|haha|hahaha|lmao|jaja|jajaja|jeje|um|umm|hmm|oh|ah|well|ok|okay|oh ok) )*(yes|yeah|yep|yup|ya|sure|ok|okay|k|sounds good|perfect|great|that works|works for me|please|yes please|si|claro|perfecto|esta bien|dale|va|de acuerdo|lets do it|let us do it|lets do that|sounds great|sure thing|sounds good to me|book it|book me|go ahead|hagamoslo|listo)( (please|thank you|thanks|por favor|gracias|that works|sounds good|perfect|lets do it|lets do that|book it|book me|go ahead|perfecto|claro|dale|de acuerdo|esta bien|me parece|me parece bien))*[ !.]*$/;
/** An answer that decides nothing: 'maybe', 'I guess', 'either', 'tal vez'. */
const NONCOMMITTAL =
  /^((lol|haha|um|umm|hmm|oh|well|ok|okay) )*(maybe|perhaps|possibly|probably|i guess|i think so|not sure|i do not know|either|either one|either is fine|either works|whichever|any|any is fine|tal vez|quizas|quiza|puede ser|a lo mejor|no se|cualquiera|lo que sea)( (lol|then|one|works|is fine|really|idk|later|maybe))*[ ?!.]*$/;

/**
 * A short message whose only words point at something it does not say ('is it still the same?', 'sigue igual?'):
 * nothing a reader can act on without the context.
 */
const POINTER = /\b(same|igual|mismo|misma)\b/;
const FUNCTION_WORDS = new Set(
  (
    'is it still the same are was were be do does did that this those these one ones thing things a an as ' +
    'before last time again ok okay so and or you we i my your our it s ? ! . el la lo es sigue siguen igual que ' +
    'de otra vez mismo misma esta eso todavia aun'
  ).split(' '),
);
const pointerOnly = (words: string) => {
  const tokens = words.split(' ').filter(Boolean);
  return tokens.length <= 8 && POINTER.test(words) && tokens.every((token) => FUNCTION_WORDS.has(token));
};

const VAGUE =
  /^(ok |so |and |um |hmm |yes |yeah |yep |yup |sure |si )*((the )?same( thing)? as (last time|before|usual)|(the|my) usual|what about the other (thing|one)|the other (thing|one)|that one|the one (my|a) friend (got|had|did))\b|^(ok |so |and |um |hmm |yes |yeah |yep |yup |sure |si )*(the )?same( thing| stuff| one| treatment| as always)?( as| like) (in |on |back in )?(january|february|march|april|may|june|july|august|september|october|november|december|last (visit|appointment|month|year|summer|spring|fall|winter))\b|^(quiero |me hago |dame |deme )?lo (de siempre|usual|mismo de siempre)\b|\b(idk|i do not know|dont know|not sure (of|about)) (the|what its|what it is) (name|called)|\bno se como se llama\b|^(the|that) (thing|one|stuff|treatment|procedure) (my|a) \w+ (got|had|did|gets)\b|\b(the|that) (thing|stuff) (my|a) \w+ (got|had|did)\b|^(lo|el|la) mism[oa] (de|que) (la otra vez|la vez pasada|siempre|antes|la ultima vez)\b|^(as (we )?discussed|per our (conversation|call|chat)|what we talked about|like we said|like before|you know what i mean)\b|\b(what|whatever|the thing|the stuff) (you|they|she|he) (did|gave me|used|put) (in|on|last|before|the other|for me)\b|^(lo|la|eso) (que|de lo que) (hablamos|platicamos|quedamos|acordamos|me dijeron|me dijo|me dijiste|vimos)\b/;
const WEEKDAY = String.raw`(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|lunes|martes|miercoles|jueves|viernes|sabado|domingo)`;
const NEAR_DATE = new RegExp(
  [
    String.raw`\b(today|todays|tonight|tomorrow|tomorrows|this (week|weekend|morning|afternoon|evening|coming)|next week|the following week|asap|as soon as possible|soonest|right away|in (an|\d+) hours?|hoy|manana|esta semana|la (proxima|siguiente) semana|lo antes posible|cuanto antes)\b`,
    String.raw`\b(on|this|next|for|by|until|til|el|este|al|del|para el|my|mi|our|your)\s+${WEEKDAY}\b(?!s)`,
    String.raw`\b${WEEKDAY}\s+(morning|afternoon|evening|night|at \d|\d|a las|por la|en la|works|is good|is fine)`,
    String.raw`\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]* \d{1,2}\b|\bthe \d{1,2}(st|nd|rd|th)\b(?! (round|time|session|treatment|visit|syringe))|\b\d{1,2}(:\d\d)? ?(am|pm)\b`,
  ].join('|'),
);
/**
 * Coming in on a weekday named alone ('can she come in with me saturday', 'puedo ir el jueves'): the coming one.
 * 'any Saturday availability', 'los jueves' are any week's.
 */
const BARE_WEEKDAY =
  /\b(come( in)?|get in|see (me|us|her|him)|fit (me|us|her|him) in|bring (her|him|them)|ir|pasar|llevar(la|lo)?)\b[^?!.]{0,20}\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|el (lunes|martes|miercoles|jueves|viernes|sabado|domingo))\b(?!s)/;
const FAR_DATE =
  /\b(next month|of next month|in (\d+|two|three|four|five|six) (weeks|months)|next year|el (proximo|siguiente) mes|del mes que viene|en (\d+|dos|tres|cuatro) (semanas|meses))\b/;
const NEAR_WORDS =
  /\b(today|tonight|tomorrow|this (week|weekend)|next week|hoy|manana|esta semana|la (proxima|siguiente) semana)\b/;
const GIVEN_UP =
  /\b(altogether|decided against|decided not to|changed my mind|no longer interested|not interested anymore|(ya )?no me interesa|cambie de opinion|ya no (lo|la) (quiero|necesito))\b/;
/** A booking with a date held for it ('remove my surgery date', 'scheduled for'): its change needs an answer. */
const DATED_BOOKING =
  /\b((surgery|appointment|procedure|consultation|consult) date|scheduled for|booked for|fecha de (la )?(cirugia|cita))\b/;
const TODAY =
  /\b(today|todays|tonight|tonights|this morning|this afternoon|right now|in (an|\d+) hours?|running( \d+ ?(min|mins|minutes))? late|be( \d+ ?(min|mins|minutes))? late|\d{1,2}(:\d\d)? ?(am|pm) today|hoy|be (a (little|bit|few minutes) |a little bit )late|llego (como |unos )?(\d+ (minutos|minutitos|min|mins) )?tarde|(voy|vamos|va) a llegar (un poco |unos minutos |como \d+ (minutos|min) )?tarde|voy (como |unos )?(\d+ (minutos|minutitos|min|mins) )?tarde|(min|mins|minutes) (behind|out|away)|running (\d+ )?behind|(be|running|gonna be|going to be|will be|ill be|i will be) (like |about |around |maybe )?\d+ (min |mins |minutes )?(late|behind)|stuck in traffic|voy (\d+ (minutos|minutitos|min|mins) )?tarde|ya (casi )?llego)\b/;

function readReply(words: string, request: UnderstandRequest): Reply {
  const last = lastPracticeTurn(request);
  const offerText = last ? expand(last.text) : '';
  const offer =
    /\?/.test(offerText) ||
    /\b(would you like|want me to|shall i|can i book|we have|openings?|available|slots?|le gustaria|tenemos)\b/.test(
      offerText,
    );
  const eitherOr =
    offer &&
    /\b(or|o)\b/.test(offerText) &&
    /\b(\d{1,2}(:\d\d)? ?(am|pm)|monday|tuesday|wednesday|thursday|friday|saturday|sunday|lunes|martes|miercoles|jueves|viernes|sabado|domingo|coral gables|brickell|morning|afternoon)\b.*\b(or|o)\b/.test(
      offerText,
    );
  const affirmative = AFFIRMATIVE.test(words.trim());
  const noncommittal = offer && NONCOMMITTAL.test(words.trim());
  return {
    affirmative,
    offer,
    eitherOr: affirmative && eitherOr,
    offerNearDate: NEAR_DATE.test(offerText),
    vague: (VAGUE.test(words.trim()) && words.split(' ').length <= 25) || noncommittal,
    pointerOnly: pointerOnly(words.trim()),
  };
}

const ESCALATION_INTENT: Partial<Record<EscalationFinding['reason'], Intent>> = {
  post_treatment_symptoms: 'medical_concern',
  medical_concern: 'medical_concern',
  legal_threat: 'complaint',
  billing_dispute: 'complaint',
  complaint: 'complaint',
  human_requested: 'human_requested',
};

/** Asking whether something is safe or allowed: a question only a clinician may answer. */
const SAFETY_QUESTION =
  /\b(safe|ok|okay|alright|allowed|fine|can i still|could i still|should i|do i (need|have) to|is it|wait|tengo que|puedo seguir|(any|an) (issue|issues|problem|problems|risk|risks|harm|concern)|(a|an) (issue|problem|risk)|harm(ful)?|puedo|es seguro|se puede|debo|(hay|habria|algun) (algun )?(problema|riesgo)|afecta|what (do|should) i do|que (hago|debo hacer|hacemos)|hold off|put (it )?off|pause|can (she|he) (still )?(get|do|have|come)|(puede|podria) (seguir|hacerse|ponerse|usar|venir)|(get|gets|pass|passes|go|goes) (into|in|through|to) (the |my )?(breast ?)?milk|change anything|(does|would|will) (that|it|this) (change|matter|affect)|e seguro|tem (algum )?(problema|risco)|faz mal|(e|seria) perigoso|(devo|preciso|e melhor|melhor) esperar|pode (fazer|usar|continuar|passar)|passa (pro|para o) leite)\b/;

/** 'can I…', 'puedo…', 'posso…': with a pregnancy, whether it is allowed — unless it asks to come in. */
const MAY_I = /\b(can i|could i|may i|puedo|podria|posso|poderia)\b/;

function chooseIntent(
  cues: Cues,
  escalations: readonly EscalationFinding[],
  hasProcedure: boolean,
  reply: Reply,
  words: string,
): { intent: Intent; confidence: number } {
  const score = (intent: Intent) => cues.scores[intent] ?? 0;
  // A health matter comes first; then the escalation that is the message's point.
  for (const finding of escalations) {
    if (
      finding.reason === 'pregnancy' &&
      (SAFETY_QUESTION.test(words) || (MAY_I.test(words) && score('booking') < 2.5))
    )
      return { intent: 'medical_concern', confidence: 0.85 };
    const intent = ESCALATION_INTENT[finding.reason];
    if (!intent) continue;
    if (intent === 'human_requested' && (score('cancel_appointment') || score('reschedule'))) continue;
    return { intent, confidence: 0.85 };
  }
  if (reply.affirmative && reply.offer) return { intent: 'booking', confidence: reply.eitherOr ? 0.5 : 0.8 };
  // A pointer at something not in the message: a wish to have it again, or an answer to an offer, is a booking.
  if (reply.vague) {
    const wantsIt =
      reply.offer ||
      /\b(same|usual|do me|do that|get|again|mismo|otra vez|siempre|quiero|i want)\b/.test(words);
    return { intent: wantsIt ? 'booking' : 'information', confidence: 0.35 };
  }
  // A new time left for later, by the writer ('I'll reach out to rebook', 'después les escribo para buscar otra fecha').
  const laterOnly =
    /\b(when i am ready to|ready to|later|another time|in the future|mas adelante)\b.{0,20}\b(reschedule|rebook)\b|\b(reschedule|rebook)\b.{0,20}\b(later|another time|in the future|when i am ready|mas adelante)\b|\b(i will|i'?ll) (reach out|get back to you|be in touch|text|call) (later|another time|when|to (reschedule|rebook))\b|\b(despues|luego|mas adelante) (les |le )?(escribo|aviso|llamo|busco|veo)\b|\bdepois (eu )?(vejo|marco|aviso|remarco|falo|ligo|mando)\b/.test(
      words,
    );
  if (score('cancel_appointment') > 0 && (score('reschedule') === 0 || laterOnly))
    return { intent: 'cancel_appointment', confidence: 0.85 };
  if (score('reschedule') > 0) return { intent: 'reschedule', confidence: 0.85 };
  if (score('help') >= 3 && score('pricing') === 0 && !hasProcedure)
    return { intent: 'help', confidence: 0.75 };
  const booking = score('booking');
  const pricing = score('pricing');
  const information = score('information');
  if (information >= 2.5 && booking < 2.5 && pricing < 2) return { intent: 'information', confidence: 0.8 };
  // Two price questions outweigh a booking read only from weak words ('I think I want… what would it cost').
  if (booking >= 2.5 && (cues.strong.has('booking') || pricing < 4 || booking > pricing))
    return { intent: 'booking', confidence: 0.85 };
  if (pricing >= 2) return { intent: 'pricing', confidence: pricing >= 3 ? 0.9 : 0.85 };
  if (booking > 0 && booking >= information) return { intent: 'booking', confidence: 0.7 };
  if (pricing > 0 && pricing >= information) return { intent: 'pricing', confidence: 0.7 };
  if (information > 0) return { intent: 'information', confidence: 0.75 };
  if (cues.callMe) return { intent: 'booking', confidence: 0.55 };
  // A form naming a procedure without a question is an inquiry about it.
  if (hasProcedure) return { intent: 'information', confidence: 0.6 };
  if (score('help') > 0) return { intent: 'help', confidence: 0.5 };
  return { intent: 'information', confidence: 0.35 };
}

/**
 * Urgency (docs/product/ai-engine.md#urgency): high for a risk to health or a legal risk, and for today's
 * appointment that must change; medium for every other escalation and for a booking, a change or a
 * cancellation within days; low otherwise (prices, information, bookings without a near date).
 */
function chooseUrgency(
  intent: Intent,
  findings: readonly EscalationFinding[],
  cues: Cues,
  words: string,
  reply: Reply,
): UrgencyLevel {
  if (findings.some((finding) => finding.priority === 'high')) return 'high';
  if (intent === 'spam' || intent === 'wrong_number' || intent === 'opt_out' || intent === 'help')
    return 'low';
  if ((intent === 'reschedule' || intent === 'cancel_appointment') && TODAY.test(words)) return 'high';
  if (findings.length > 0) return 'medium';
  // A change for a date said to be far ('the 14th of next month') has no time pressure.
  if (
    (intent === 'reschedule' || intent === 'cancel_appointment') &&
    FAR_DATE.test(words) &&
    !NEAR_WORDS.test(words)
  )
    return 'low';
  // A treatment given up for good ('decided against it', 'ya no me interesa') without a date: no time pressure.
  if (
    intent === 'cancel_appointment' &&
    GIVEN_UP.test(words) &&
    !NEAR_DATE.test(words) &&
    !DATED_BOOKING.test(words)
  )
    return 'low';
  // An appointment that exists is near enough for its change to need an answer soon.
  if (intent === 'reschedule' || intent === 'cancel_appointment') return 'medium';
  // A yes or a choice of time answering an offer for a near date ('put me down for 3:30' to 'tomorrow at 11 or 3:30').
  const takesOffer = reply.offer && (reply.affirmative || reply.vague || words.split(' ').length <= 12);
  if (
    intent === 'booking' &&
    (NEAR_DATE.test(words) || BARE_WEEKDAY.test(words) || (takesOffer && reply.offerNearDate))
  )
    return 'medium';
  return 'low';
}

function budget(cues: Cues, procedures: readonly string[]): Understanding['budget_indicator'] {
  if (cues.budgetHigh) return 'premium';
  if (cues.budgetLow) return 'low';
  if (procedures.some((name) => SURGICAL.has(name))) return 'high';
  if (procedures.length > 0) return 'moderate';
  return null;
}

const SURGICAL = new Set([
  'Breast Augmentation',
  'Breast Lift',
  'Breast Reduction',
  'Breast Implant Removal',
  'Tummy Tuck',
  'Liposuction',
  'Brazilian Butt Lift',
  'Mommy Makeover',
  'Facelift',
  'Eyelid Surgery',
  'Brow Lift',
  'Neck Lift',
  'Rhinoplasty',
  'Dental Implants',
  'All-on-4',
  'Veneers',
]);

function contactMethod(fields: Readonly<Record<string, string>>, words: string): MessageChannel | null {
  const field = (fields['preferred_contact_method'] ?? '').toLowerCase();
  if (/text|sms|mensaje/.test(field)) return 'sms';
  if (/mail|correo/.test(field)) return 'email';
  if (/phone|call|llama|tel/.test(field)) return 'phone';
  if (
    /\b(text me|prefer text|prefer texting|texting is best|text is best|by text|via text|send me a text|mandame un mensaje|por mensaje|whatsapp)\b/.test(
      words,
    )
  )
    return 'sms';
  if (
    /\b(email me|prefer email|by email|via email|send me an email|e mail me|por correo|mandame un correo)\b/.test(
      words,
    )
  )
    return 'email';
  if (
    /\b(call me|give me a call|prefer a call|phone call|by phone|llamame|llamenme|por telefono)\b/.test(words)
  )
    return 'phone';
  return null;
}

function contactTime(fields: Readonly<Record<string, string>>, words: string): string | null {
  const field = fields['preferred_time'] ?? fields['preferred_contact_time'];
  if (field && field.trim()) return field.trim();
  const match =
    /\b(mornings?|afternoons?|evenings?|nights?|weekends?|after work|after \d+( ?[ap]m)?|before \d+( ?[ap]m)?|lunch( ?time| break)?|por la (manana|tarde|noche)|en la (manana|tarde|noche)|fines de semana)\b/.exec(
      words,
    );
  if (!match) return null;
  const value = match[0];
  if (/manana/.test(value)) return 'morning';
  if (/tarde/.test(value)) return 'afternoon';
  if (/noche/.test(value)) return 'evening';
  if (/fines de semana/.test(value)) return 'weekends';
  return value.replace(/s$/, '') === 'weekend'
    ? 'weekends'
    : value.replace(/^(morning|afternoon|evening|night)s$/, '$1');
}

function style(message: string, words: string, wordCount: number): Understanding['communication_style'] {
  if (
    /^(dear|to whom|good (morning|afternoon|evening)|estimad[oa]s?|buen(os|as) (dias|tardes|noches))\b/.test(
      words,
    ) ||
    /\b(sincerely|regards|kind regards|best regards|atentamente|saludos cordiales)\b/.test(words)
  ) {
    return 'formal';
  }
  if (wordCount > 60) return 'detailed';
  if (
    /\b(lol|omg|hey|heyy+|hiya|yo|thx|pls|plz|u|ur|gonna|wanna|haha|jaja)\b/i.test(message) ||
    /\p{Extended_Pictographic}/u.test(message)
  ) {
    return 'casual';
  }
  if (wordCount <= 12) return 'brief';
  return message === message.toLowerCase() ? 'casual' : 'detailed';
}

// --- summary ---------------------------------------------------------------------------------------

const INTENT_PHRASES: Record<Intent, string> = {
  pricing: 'Asks about pricing',
  booking: 'Wants to book',
  reschedule: 'Wants to reschedule an appointment',
  cancel_appointment: 'Wants to cancel an appointment',
  information: 'Asks for information',
  medical_concern: 'Raises a medical concern',
  complaint: 'Complains',
  human_requested: 'Asks to speak with a person',
  opt_out: 'Asks to stop receiving messages',
  wrong_number: 'Says this is the wrong number',
  help: 'Asks for help',
  spam: 'Spam or unsolicited marketing; not a patient inquiry',
};

const REASON_PHRASES: Record<EscalationFinding['reason'], string> = {
  post_treatment_symptoms: 'reports symptoms after a treatment',
  medical_concern: 'raises a medical question',
  complaint: 'complains',
  billing_dispute: 'disputes a charge',
  legal_threat: 'mentions legal action',
  minor: 'may be under 18',
  pregnancy: 'mentions pregnancy or breastfeeding',
  human_requested: 'asks for a person',
  low_confidence: 'the message could not be read with confidence',
};

function summarise(s: {
  intent: Intent;
  procedures: readonly string[];
  findings: readonly EscalationFinding[];
  cues: Cues;
  language: Language;
  urgency: UrgencyLevel;
  channel: string;
}): string {
  const list = (items: readonly string[]) =>
    items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
  let first = INTENT_PHRASES[s.intent];
  const withProcedures = !['spam', 'wrong_number', 'opt_out'].includes(s.intent) && s.procedures.length > 0;
  if (withProcedures) {
    const names = list(s.procedures);
    const withNames: Partial<Record<Intent, string>> = {
      pricing: `Asks about pricing for ${names}`,
      information: `Asks about ${names}`,
      booking: `Wants to book ${names}`,
      reschedule: `Wants to reschedule an appointment for ${names}`,
      cancel_appointment: `Wants to cancel an appointment for ${names}`,
      medical_concern: `Raises a medical concern about ${names}`,
      complaint: `Complains about ${names}`,
      human_requested: `Asks to speak with a person about ${names}`,
    };
    first = withNames[s.intent] ?? first;
  }
  if (s.language === 'es') first += ' (writes in Spanish)';
  const details: string[] = [];
  if (s.findings.length > 0)
    details.push(`Needs a person: ${list(s.findings.map((finding) => REASON_PHRASES[finding.reason]))}`);
  const concerns = s.cues.concerns.filter((concern) => concern !== 'price' || s.intent !== 'pricing');
  if (!['spam', 'wrong_number', 'opt_out'].includes(s.intent) && concerns.length > 0) {
    details.push(`${details.length ? 'mentions' : 'Mentions'} ${list(concerns.slice(0, 3))}`);
  }
  if (s.urgency === 'high' && s.cues.evidence.urgency && s.findings.length === 0)
    details.push(`wants it ${s.cues.evidence.urgency}`);
  const second = details.length > 0 ? ` ${details.join('; ')}.` : '';
  return `${first}.${second}`;
}
