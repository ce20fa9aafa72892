import twilio from 'twilio';

/** The gateway's public voice webhooks (docs/product/channels.md#voice), relative to PUBLIC_BASE_URL. */
export const VOICE_PATHS = {
  incoming: '/api/v1/channels/twilio/voice',
  whisper: '/api/v1/channels/twilio/voice/whisper',
  dial: '/api/v1/channels/twilio/voice/dial',
  voicemail: '/api/v1/channels/twilio/voice/voicemail',
  transcription: '/api/v1/channels/twilio/voice/transcription',
  ai: '/api/v1/channels/twilio/voice/ai',
  gather: '/api/v1/channels/twilio/voice/gather',
  status: '/api/v1/channels/twilio/voice/status',
  recording: '/api/v1/channels/twilio/voice/recording',
} as const;

/** How long the practice line rings before the caller is offered voicemail (seconds). */
export const RING_SECONDS = 20;
/** The longest voicemail (seconds; Twilio transcribes up to 120). */
export const VOICEMAIL_MAX_SECONDS = 120;
const VOICE = { voice: 'Polly.Joanna' as const, language: 'en-US' as const };

/** A webhook URL on the public base with its query (the query is part of what Twilio signs). */
export function voiceUrl(base: string, path: string, query: Record<string, string | number> = {}): string {
  const search = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

/**
 * An inbound call: ring the practice line, with a whisper to whoever picks up (Number url), and come back to
 * `dialAction` when the dial ends (answered or not). Without a practice line, straight to voicemail.
 */
export function forwardTwiml(input: {
  practiceLine: string | null;
  callerId: string;
  whisperUrl: string;
  dialAction: string;
  voicemail: VoicemailInput;
}): string {
  if (!input.practiceLine) return voicemailTwiml(input.voicemail);
  const response = new twilio.twiml.VoiceResponse();
  const dial = response.dial({
    action: input.dialAction,
    method: 'POST',
    timeout: RING_SECONDS,
    answerOnBridge: true,
    callerId: input.callerId,
  });
  dial.number({ url: input.whisperUrl, method: 'POST' }, input.practiceLine);
  return response.toString();
}

/** What staff hear before the caller is connected. */
export function whisperTwiml(input: { practiceName: string; caller: string }): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say(VOICE, `PracticePilot call for ${input.practiceName}, from ${input.caller}.`);
  return response.toString();
}

/** The whisper's words for a caller: the lead's name when known, else a new caller with the number read out. */
export function callerLabel(input: {
  firstName: string | null;
  lastName: string | null;
  phone: string;
  isNew: boolean;
}): string {
  const name = [input.firstName, input.lastName].filter((part) => part?.trim()).join(' ');
  if (name) return name;
  const digits = input.phone.replace(/^\+1/, '').replace(/\D/g, '').split('').join(' ');
  return `${input.isNew ? 'a new caller' : 'a caller'}, ${digits}`;
}

export interface VoicemailInput {
  practiceName: string;
  recordAction: string;
  transcribeCallback: string;
}

/** Nobody answered: a greeting, then a recorded and transcribed message. */
export function voicemailTwiml(input: VoicemailInput): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say(
    VOICE,
    `Thank you for calling ${input.practiceName}. We can't take your call right now. Please leave your name and a short message after the tone, and we will get back to you soon.`,
  );
  response.record({
    action: input.recordAction,
    method: 'POST',
    maxLength: VOICEMAIL_MAX_SECONDS,
    playBeep: true,
    finishOnKey: '#',
    transcribe: true,
    transcribeCallback: input.transcribeCallback,
  });
  // No message recorded (silence): end politely.
  response.say(VOICE, 'We did not get a message. Goodbye.');
  response.hangup();
  return response.toString();
}

/** The end of a call: an optional last sentence, then hang up. */
export function hangupTwiml(text?: string): string {
  const response = new twilio.twiml.VoiceResponse();
  if (text) response.say(VOICE, text);
  response.hangup();
  return response.toString();
}

/**
 * One turn of the AI's call: say `text` and listen for speech; the answer is posted to `gatherAction`. When the
 * lead says nothing, Twilio goes on to the Redirect (the same action, without SpeechResult).
 */
export function gatherTwiml(input: { text: string; gatherAction: string }): string {
  const response = new twilio.twiml.VoiceResponse();
  const gather = response.gather({
    input: ['speech'],
    action: input.gatherAction,
    method: 'POST',
    speechTimeout: 'auto',
    timeout: 6,
    language: 'en-US',
    actionOnEmptyResult: true,
  });
  gather.say(VOICE, input.text);
  response.redirect({ method: 'POST' }, input.gatherAction);
  return response.toString();
}

/** Hand the call over to the practice line; without one, say so and end. */
export function handOverTwiml(input: { practiceLine: string | null; callerId: string }): string {
  if (!input.practiceLine) {
    return hangupTwiml('Our team will call you back as soon as possible. Thank you, goodbye.');
  }
  const response = new twilio.twiml.VoiceResponse();
  response.say(VOICE, 'Of course. Let me connect you with our team now, one moment please.');
  response.dial({ callerId: input.callerId, timeout: RING_SECONDS }, input.practiceLine);
  response.say(VOICE, 'Sorry, nobody could take the call. Our team will call you back soon. Goodbye.');
  response.hangup();
  return response.toString();
}

/** The TwiML of an answer stored for a turn (so that a retried webhook is answered the same). */
export type TurnAnswer =
  { kind: 'say'; text: string } | { kind: 'hand_over'; text: string } | { kind: 'hang_up'; text: string };

export function turnTwiml(
  answer: TurnAnswer,
  context: { gatherAction: string; practiceLine: string | null; callerId: string },
): string {
  if (answer.kind === 'say') return gatherTwiml({ text: answer.text, gatherAction: context.gatherAction });
  if (answer.kind === 'hand_over') {
    return handOverTwiml({ practiceLine: context.practiceLine, callerId: context.callerId });
  }
  return hangupTwiml(answer.text);
}
