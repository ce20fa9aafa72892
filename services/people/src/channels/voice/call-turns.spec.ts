import { understandInquiry, type Understanding } from '@pp/ai';
import {
  callSummary,
  nextTurn,
  readWithBuiltIn,
  shortTurn,
  SILENCE_PROMPT,
  transcriptOf,
  wantsPerson,
} from './call-turns';

const base = {
  turns: [{ from: 'practice' as const, text: 'Hi Sofia, this is Lakeview Smiles. Do you have a minute?' }],
  practice: { name: 'Lakeview Smiles', phone: '(312) 555-0177' },
  procedures: [],
  firstName: 'Sofia',
  lastName: null,
};

describe('the AI call turns', () => {
  it.each([
    'Can I talk to someone?',
    'can i speak with a real person',
    'Put me through to the receptionist please',
    'I want a human',
    'Connect me to your team.',
  ])('hears a request for a person in %p', async (speech) => {
    expect(wantsPerson(speech)).toBe(true);
    expect((await nextTurn({ ...base, speech })).answer.kind).toBe('hand_over');
  });

  it.each(['How long does whitening take?', 'I talked to my husband about it', 'Yes, I have a minute'])(
    'does not mistake %p for a request for a person',
    (speech) => expect(wantsPerson(speech)).toBe(false),
  );

  it('answers a question with a short turn and listens again', async () => {
    const { answer, escalated } = await nextTurn({ ...base, speech: 'How long does teeth whitening take?' });
    expect(answer.kind).toBe('say');
    expect(escalated).toBe(false);
    expect(answer.text).toMatch(/\?$/);
    expect(answer.text.split(/[.!?](\s|$)/).filter((part) => part.trim()).length).toBeLessThanOrEqual(4);
  });

  it('asks again once on silence, then ends the call', async () => {
    const first = await nextTurn({ ...base, speech: '' });
    expect(first.answer).toEqual({ kind: 'say', text: SILENCE_PROMPT });
    const second = await nextTurn({
      ...base,
      turns: [...base.turns, { from: 'practice', text: SILENCE_PROMPT }],
      speech: '  ',
    });
    expect(second.answer.kind).toBe('hang_up');
  });

  it('ends the call politely when the lead does not want calls', async () => {
    const { answer } = await nextTurn({ ...base, speech: 'Stop calling me, take me off your list' });
    expect(answer.kind).toBe('hang_up');
  });

  it('closes the call after its last turn', async () => {
    const turns = Array.from({ length: 5 }, (_, i) => ({ from: 'practice' as const, text: `Turn ${i}.` }));
    const { answer } = await nextTurn({ ...base, turns, speech: 'What are your opening hours?' });
    expect(answer.kind).toBe('hang_up');
  });

  it('hands over whatever the reading escalates, the learned reader’s findings included', async () => {
    const speech = 'it has been a rough week since the consult';
    const rules = (request: Parameters<typeof understandInquiry>[0]) =>
      Promise.resolve(understandInquiry(request));
    expect((await nextTurn({ ...base, speech, read: rules })).answer.kind).toBe('say');
    const learned = async (request: Parameters<typeof understandInquiry>[0]): Promise<Understanding> => ({
      ...understandInquiry(request),
      intent: 'medical_concern',
      escalation: { reason: 'medical_concern', priority: 'high', evidence: speech },
    });
    expect(await nextTurn({ ...base, speech, read: learned })).toEqual({
      answer: { kind: 'hand_over', text: 'hand over' },
      escalated: true,
    });
  });

  it.each([
    // Told on a call as people say it: the rules and the learned reader read a turn as they read a text.
    "honestly I don't see the point of any of it anymore, everyone would be fine without me",
    "yeah I'm actually expecting, is that a problem",
    'my face has gone kind of grey and cold where you put the filler and it really hurts',
  ])('hands %p over to the practice line', async (speech) => {
    expect((await nextTurn({ ...base, speech, read: readWithBuiltIn })).answer.kind).toBe('hand_over');
  });

  it('keeps a turn to two sentences', () => {
    expect(shortTurn('One.  Two! Three? Four.')).toBe('One. Two!');
    expect(shortTurn('No end mark')).toBe('No end mark');
  });

  it('writes the transcript and summary staff read', () => {
    const turns = [
      { from: 'practice' as const, text: 'Hello.' },
      { from: 'contact' as const, text: 'I would like to book a cleaning.' },
    ];
    expect(transcriptOf(turns)).toBe('Practice: Hello.\nLead: I would like to book a cleaning.');
    expect(callSummary(turns, { handedOver: true, status: 'completed' })).toMatch(
      /Handed over to the practice line\.$/,
    );
    expect(callSummary([turns[0]], { handedOver: false, status: 'no-answer' })).toBe('Call no answer.');
  });
});
