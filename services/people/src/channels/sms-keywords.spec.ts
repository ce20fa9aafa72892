import { freeTextOptOut, helpText, optOutConfirmation, smsKeyword } from './sms-keywords';

describe('SMS keywords', () => {
  it.each([
    'STOP',
    'stop',
    'Stop.',
    ' STOP! ',
    'STOPALL',
    'Unsubscribe',
    'CANCEL',
    'end',
    'Quit',
    'REVOKE',
    'OPTOUT',
    'opt out',
    'Opt-Out',
    'OPT OUT!!',
    'ＳＴＯＰ',
    'ｓｔｏｐ ａｌｌ',
  ])('opts out on %p', (body) => {
    expect(smsKeyword(body)).toBe('opt_out');
  });

  it.each([
    'please stop texting me',
    'Take me off your list',
    "Don't text me again",
    'Stop messaging me please',
    'no more texts',
    'STOP please',
    'opt me out',
    'no me manden más mensajes',
    'ｐｌｅａｓｅ ｓｔｏｐ ｔｅｘｔｉｎｇ ｍｅ',
  ])('reads %p as a wish to stop, with nothing for a person', (body) => {
    expect(smsKeyword(body)).toBeNull();
    expect(freeTextOptOut(body)).toEqual({ optOut: true, needsPerson: false });
  });

  it.each([
    'I quit smoking, is it ok now for surgery?',
    'Can I stop by Friday to pay?',
    "I don't really want to be here anymore, stop it",
  ])('does not read %p as an opt-out', (body) => {
    expect(freeTextOptOut(body).optOut).toBe(false);
  });

  it('leaves a text longer than an SMS can be to the engine', () => {
    expect(freeTextOptOut(`please stop texting me ${'x'.repeat(1600)}`).optOut).toBe(false);
  });

  it('reads an opt-out that tells a symptom as one a person must also see', () => {
    expect(freeTextOptOut('STOP texting me. my lip went white after the filler')).toEqual({
      optOut: true,
      needsPerson: true,
    });
  });

  it.each(['START', 'yes', 'Unstop', 'Yes!'])('opts back in on %p', (body) => {
    expect(smsKeyword(body)).toBe('opt_in');
  });

  it('answers HELP', () => {
    expect(smsKeyword('help')).toBe('help');
    expect(smsKeyword('HELP?')).toBe('help');
  });

  it.each([
    'Yes I would like to book a consultation',
    'Can you tell me the price of Invisalign?',
    'When do you end your day on Friday?',
    'I will stop by tomorrow',
    '',
  ])('leaves an ordinary reply to the engine: %p', (body) => {
    expect(smsKeyword(body)).toBeNull();
  });

  it('confirms an opt-out without marketing and says how to come back', () => {
    const text = optOutConfirmation('Bright Smiles');
    expect(text).toContain('unsubscribed');
    expect(text).toContain('START');
    expect(helpText('Bright Smiles', '+12145550100')).toContain('+12145550100');
  });
});
