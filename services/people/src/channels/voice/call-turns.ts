import {
  BuiltInLanguageModel,
  ConversationTurn,
  draftMessage,
  PracticeContext,
  UnderstandRequest,
  Understanding,
  understandInquiry,
} from '@pp/ai';
import type { TurnAnswer } from './twiml';

/** The most turns the AI speaks on one call before it closes it (a call is a short first conversation). */
export const MAX_AI_TURNS = 6;
/** A spoken turn is kept short: at most this many sentences. */
const MAX_SENTENCES = 2;

/** One turn of a call as the calls row keeps it. */
export interface CallTurn {
  from: 'practice' | 'contact';
  text: string;
}

const PERSON_REQUEST = new RegExp(
  [
    String.raw`\b(talk|speak|connect|transfer|put)\b.{0,30}\b(someone|somebody|person|human|staff|receptionist|doctor|team|agent|representative|operator)\b`,
    String.raw`\b(real person|a human|human being|representative|operator|receptionist)\b`,
  ].join('|'),
  'i',
);

/** Whether the lead asks for a person ("can I talk to someone", "a real person please"). */
export function wantsPerson(speech: string): boolean {
  return PERSON_REQUEST.test(speech);
}

/** At most `max` sentences of a text: a phone turn is short. */
export function shortTurn(text: string, max = MAX_SENTENCES): string {
  const sentences =
    text
      .replace(/\s+/g, ' ')
      .trim()
      .match(/[^.!?]+[.!?]*/g) ?? [];
  return sentences
    .slice(0, max)
    .map((sentence) => sentence.trim())
    .join(' ');
}

/** Openers a written message starts with and a turn in the middle of a call leaves out. */
const OPENER =
  /^(hi|hello|hey|good (morning|afternoon|evening))\b[^.!?]*[.!?]?$|^(thanks|thank you) for (your|the) (message|reply|inquiry|interest|reaching out)|^this is (the team at )?|^may i speak with/i;

/** A drafted text as spoken mid-call: without its greeting and sign-off lines. */
export function spokenReply(body: string): string {
  const sentences =
    body
      .replace(/\s+/g, ' ')
      .trim()
      .match(/[^.!?]+[.!?]*/g) ?? [];
  return sentences
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence && !OPENER.test(sentence) && !/^(-|—)/.test(sentence))
    .join(' ');
}

/** A call's turns as a transcript for staff: one line per turn, who spoke first. */
export function transcriptOf(turns: readonly CallTurn[]): string {
  return turns.map((turn) => `${turn.from === 'practice' ? 'Practice' : 'Lead'}: ${turn.text}`).join('\n');
}

/** How a call turn is read: what a lead said, as the engine reads any inbound message. */
export type ReadTurn = (request: UnderstandRequest) => Promise<Understanding>;

let builtIn: BuiltInLanguageModel | null = null;

/**
 * The built-in provider's reading, rules and the learned reader together (the reader's must-escalate findings
 * join the rules'), as written messages are read: what is said on a call is held to the same safety. Made on the
 * first call turn, with the process's one learned reader (the one the engine reads with).
 */
export const readWithBuiltIn: ReadTurn = (request) =>
  (builtIn ??= new BuiltInLanguageModel()).understand(request);

/**
 * The AI's next turn on a call after the lead said `speech` (empty: silence): `read` (the built-in provider,
 * rules and learned reader) reads it; a request for a person or anything the understanding escalates hands over
 * to the practice line; opt-out and wrong number end the call; otherwise a short drafted reply and listen again.
 */
export async function nextTurn(input: {
  speech: string;
  turns: readonly CallTurn[];
  practice: PracticeContext;
  procedures: readonly string[];
  firstName: string | null;
  lastName: string | null;
  read?: ReadTurn;
}): Promise<{ answer: TurnAnswer; escalated: boolean }> {
  const speech = input.speech.trim();
  const spoken = input.turns.filter((turn) => turn.from === 'practice').length;
  if (!speech) {
    const lastWasSilence = input.turns.at(-1)?.text === SILENCE_PROMPT;
    return lastWasSilence
      ? {
          answer: { kind: 'hang_up', text: `Sorry, I can't hear you. We'll text you instead. Goodbye.` },
          escalated: false,
        }
      : { answer: { kind: 'say', text: SILENCE_PROMPT }, escalated: false };
  }
  if (wantsPerson(speech)) return { answer: { kind: 'hand_over', text: 'hand over' }, escalated: true };
  const conversation: ConversationTurn[] = input.turns.map((turn) => ({ ...turn, channel: 'phone' }));
  const understanding = await (input.read ?? readWithBuiltIn)({
    channel: 'phone',
    text: speech,
    conversation,
    practiceProcedures: input.procedures,
  });
  if (understanding.intent === 'human_requested' || understanding.escalation) {
    return { answer: { kind: 'hand_over', text: 'hand over' }, escalated: true };
  }
  if (understanding.intent === 'opt_out' || understanding.intent === 'wrong_number') {
    const text =
      understanding.intent === 'opt_out'
        ? `Understood, we won't call you again. Have a good day.`
        : `Sorry to have bothered you. Have a good day.`;
    return { answer: { kind: 'hang_up', text }, escalated: false };
  }
  // The built-in provider's phone draft is a whole call script (greeting first); a turn answers like a short text.
  const draft = draftMessage({
    channel: 'sms',
    purpose: 'reply',
    language: understanding.language,
    intent: understanding.intent,
    procedures: understanding.procedures_of_interest,
    key_concerns: understanding.key_concerns,
    recipient: { firstName: input.firstName, lastName: input.lastName },
    practice: input.practice,
    conversation,
    inbound: speech,
    pricing: [],
    promotions: [],
  });
  const reply = shortTurn(spokenReply(draft.body)) || 'Thank you, I will make a note of that.';
  if (spoken + 1 >= MAX_AI_TURNS) {
    return {
      answer: {
        kind: 'hang_up',
        text: `${reply} We'll text you the details. Thank you for your time, goodbye.`,
      },
      escalated: false,
    };
  }
  // A turn ends on a question, so the lead knows it is their turn to speak.
  const text = reply.endsWith('?') ? reply : `${reply} Is there anything else I can help with?`;
  return { answer: { kind: 'say', text }, escalated: false };
}

export const SILENCE_PROMPT = "Sorry, I didn't catch that. Could you say it again?";

/** A one-line summary of what the lead said on a call (the understanding's summary for staff). */
export function callSummary(
  turns: readonly CallTurn[],
  outcome: { handedOver: boolean; status: string },
): string {
  const said = turns
    .filter((turn) => turn.from === 'contact')
    .map((turn) => turn.text)
    .join(' ');
  if (!said.trim()) {
    return outcome.status === 'completed'
      ? 'The lead did not say anything.'
      : `Call ${outcome.status.replace('-', ' ')}.`;
  }
  const summary = understandInquiry({ channel: 'phone', text: said, practiceProcedures: [] }).inquiry_summary;
  return outcome.handedOver ? `${summary} Handed over to the practice line.` : summary;
}
