import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { isChargedNumber } from '@pp/platform';
import twilio from 'twilio';

/**
 * The voice demo's pure rules (docs/product/onboarding.md#voice-demo): which numbers it calls, when, and what the
 * call says.
 */

/** Demo calls are placed between these local hours of the number called (8 am to 9 pm, as US rules allow). */
export const CALL_HOURS = { from: 8, until: 21 } as const;
/** Calls one demo session may place. */
export const CALLS_PER_SESSION = 2;
/** Demo calls one number may receive in 24 hours, whichever demos place them. */
export const CALLS_PER_NUMBER_PER_DAY = 3;
/** Questions a demo call answers before it says goodbye. */
export const MAX_CALL_TURNS = 6;

const VOICE = { voice: 'Polly.Joanna' as const, language: 'en-US' as const };

/**
 * A phone number as the demo calls it (E.164), or null when it is not a valid number (US numbers may omit +1) or
 * is a premium-rate or shared-cost line.
 */
export function demoPhone(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'US');
  return parsed?.isValid() && !isChargedNumber(parsed.number) ? parsed.number : null;
}

/** A number as shown back: its last four digits only. */
export const maskedPhone = (e164: string) => `•••${e164.slice(-4)}`;

/**
 * Why a call may not be placed now at a number in these time zones (its local time outside CALL_HOURS in any of
 * them, or no zone known), or null.
 */
export function callingHoursRefusal(now: Date, timeZones: readonly string[]): string | null {
  if (timeZones.length === 0) return 'We could not tell the local time of this number, so we cannot call it.';
  for (const timeZone of timeZones) {
    const hour = Number(
      new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now),
    );
    if (hour < CALL_HOURS.from || hour >= CALL_HOURS.until) {
      const local = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(
        now,
      );
      return `We place demo calls between 8 am and 9 pm at the number's local time; it is ${local} there now.`;
    }
  }
  return null;
}

/** The call's first words, then a question is listened for. */
export function openingTwiml(input: { practiceName: string; gatherUrl: string }): string {
  const response = new twilio.twiml.VoiceResponse();
  const gather = response.gather({
    input: ['speech'],
    action: input.gatherUrl,
    method: 'POST',
    speechTimeout: 'auto',
  });
  gather.say(
    VOICE,
    `Hi! This is the demo assistant for ${input.practiceName}, calling from PracticePilot. Ask me anything about the practice, like its services, its team or how to book.`,
  );
  response.say(VOICE, "I didn't hear a question. Thanks for trying the demo. Goodbye!");
  return response.toString();
}

/** An answer, then the next question is listened for; after the last turn, goodbye. */
export function answerTwiml(input: { answer: string; gatherUrl: string; last: boolean }): string {
  const response = new twilio.twiml.VoiceResponse();
  if (input.last) {
    response.say(VOICE, input.answer);
    response.say(VOICE, 'That is all for this demo call. Sign up to put your assistant to work. Goodbye!');
    response.hangup();
    return response.toString();
  }
  const gather = response.gather({
    input: ['speech'],
    action: input.gatherUrl,
    method: 'POST',
    speechTimeout: 'auto',
  });
  gather.say(VOICE, input.answer);
  gather.say(VOICE, 'Anything else?');
  response.say(VOICE, 'Thanks for trying the demo. Goodbye!');
  return response.toString();
}

/** A call that is not (or no longer) the demo's: it ends politely. */
/** The callee asked not to be called again: said so, and the call ends. */
export function optedOutTwiml(): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say(VOICE, 'Understood. We will not call this number again. Goodbye!');
  response.hangup();
  return response.toString();
}

export function goodbyeTwiml(): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say(VOICE, 'This demo call has ended. Goodbye!');
  response.hangup();
  return response.toString();
}
