import { callSummary, nextTurn, shortTurn, SILENCE_PROMPT, transcriptOf, wantsPerson } from './call-turns';

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
  ])('hears a request for a person in %p', (speech) => {
    expect(wantsPerson(speech)).toBe(true);
    expect(nextTurn({ ...base, speech }).answer.kind).toBe('hand_over');
  });

  it.each(['How long does whitening take?', 'I talked to my husband about it', 'Yes, I have a minute'])(
    'does not mistake %p for a request for a person',
    (speech) => expect(wantsPerson(speech)).toBe(false),
  );

  it('answers a question with a short turn and listens again', () => {
    const { answer, escalated } = nextTurn({ ...base, speech: 'How long does teeth whitening take?' });
    expect(answer.kind).toBe('say');
    expect(escalated).toBe(false);
    expect(answer.text).toMatch(/\?$/);
    expect(answer.text.split(/[.!?](\s|$)/).filter((part) => part.trim()).length).toBeLessThanOrEqual(4);
  });

  it('asks again once on silence, then ends the call', () => {
    const first = nextTurn({ ...base, speech: '' });
    expect(first.answer).toEqual({ kind: 'say', text: SILENCE_PROMPT });
    const second = nextTurn({
      ...base,
      turns: [...base.turns, { from: 'practice', text: SILENCE_PROMPT }],
      speech: '  ',
    });
    expect(second.answer.kind).toBe('hang_up');
  });

  it('ends the call politely when the lead does not want calls', () => {
    const { answer } = nextTurn({ ...base, speech: 'Stop calling me, take me off your list' });
    expect(answer.kind).toBe('hang_up');
  });

  it('closes the call after its last turn', () => {
    const turns = Array.from({ length: 5 }, (_, i) => ({ from: 'practice' as const, text: `Turn ${i}.` }));
    expect(nextTurn({ ...base, turns, speech: 'What are your opening hours?' }).answer.kind).toBe('hang_up');
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
