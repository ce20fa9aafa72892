import { answerTwiml, callingHoursRefusal, demoPhone, maskedPhone, openingTwiml } from './voice-rules';

describe('the voice demo’s rules', () => {
  it('calls valid numbers only, in E.164 form, US numbers with or without +1', () => {
    expect(demoPhone('(512) 555-0142')).toBe('+15125550142');
    expect(demoPhone('+1 512 555 0142')).toBe('+15125550142');
    expect(demoPhone('+44 20 7946 0958')).toBe('+442079460958');
    for (const bad of ['', '12345', 'call me', '+1 000 000 0000', '555-0142'.repeat(5), '1-900-555-1234'])
      expect(demoPhone(bad)).toBeNull();
    expect(maskedPhone('+15125550142')).toBe('•••0142');
  });

  it('calls between 8 am and 9 pm at the number’s local time only', () => {
    // 14:00 UTC: 9 am in New York, 4 am in Honolulu.
    const afternoonUtc = new Date('2026-03-04T14:00:00Z');
    expect(callingHoursRefusal(afternoonUtc, ['America/New_York'])).toBeNull();
    expect(callingHoursRefusal(afternoonUtc, ['Pacific/Honolulu'])).toBe(
      "We place demo calls between 8 am and 9 pm at the number's local time; it is 4:00 AM there now.",
    );
    // 8:59 pm in Chicago is in, 9 pm is out; a number in two zones must be in hours in both.
    expect(callingHoursRefusal(new Date('2026-03-05T02:59:00Z'), ['America/Chicago'])).toBeNull();
    expect(callingHoursRefusal(new Date('2026-03-05T03:00:00Z'), ['America/Chicago'])).not.toBeNull();
    expect(callingHoursRefusal(afternoonUtc, ['America/New_York', 'Pacific/Honolulu'])).not.toBeNull();
    expect(callingHoursRefusal(afternoonUtc, [])).toMatch(/could not tell the local time/);
  });

  it('greets with the practice’s name and listens for a question; says goodbye after the last one', () => {
    const opening = openingTwiml({ practiceName: 'Glow & Co', gatherUrl: 'https://x.example/g?call=1&a=2' });
    expect(opening).toContain('demo assistant for Glow &amp; Co');
    expect(opening).toContain('<Gather input="speech" action="https://x.example/g?call=1&amp;a=2"');
    const more = answerTwiml({ answer: 'We open at 9.', gatherUrl: 'https://x.example/g', last: false });
    expect(more).toMatch(/<Gather[^>]*><Say[^>]*>We open at 9\.<\/Say>/);
    const last = answerTwiml({ answer: 'We open at 9.', gatherUrl: 'https://x.example/g', last: true });
    expect(last).not.toContain('<Gather');
    expect(last).toContain('<Hangup/>');
  });
});
