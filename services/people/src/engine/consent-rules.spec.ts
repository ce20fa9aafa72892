import {
  channelPermission,
  closedChannelMessage,
  ConsentFacts,
  consentAllows,
  consentWhy,
} from './consent-rules';

const at = (day: number) => new Date(Date.UTC(2026, 5, day, 12));
const form = (records: ConsentFacts['records'], wrote: ConsentFacts['wrote'] = {}): ConsentFacts => ({
  from_form: true,
  records,
  wrote,
});

describe('channelPermission', () => {
  it('opens a channel the form gave consent for, and closes one it refused', () => {
    const facts = form([
      { channel: 'sms', granted: false, at: at(1) },
      { channel: 'phone', granted: false, at: at(1) },
      { channel: 'email', granted: true, at: at(1) },
    ]);
    expect(channelPermission(facts, 'email')).toEqual({ allowed: true, basis: 'consent' });
    expect(channelPermission(facts, 'sms')).toEqual({ allowed: false, basis: 'refused' });
    expect(channelPermission(facts, 'phone')).toEqual({ allowed: false, basis: 'refused' });
  });

  it('closes a channel a form lead never gave consent for (a form without a phone, then a phone added)', () => {
    const facts = form([{ channel: 'email', granted: true, at: at(1) }]);
    expect(channelPermission(facts, 'sms')).toEqual({ allowed: false, basis: 'no_consent' });
  });

  it('opens a channel for a lead no form made: staff vouch, unless the lead refused it on a later form', () => {
    const staff: ConsentFacts = { from_form: false, records: [], wrote: {} };
    expect(channelPermission(staff, 'sms')).toEqual({ allowed: true, basis: 'staff' });
    const refusedLater = { ...staff, records: [{ channel: 'sms' as const, granted: false, at: at(2) }] };
    expect(channelPermission(refusedLater, 'sms')).toEqual({ allowed: false, basis: 'refused' });
    expect(channelPermission(refusedLater, 'phone')).toEqual({ allowed: true, basis: 'staff' });
  });

  it('opens the channel the lead wrote on after refusing it: a reply to its own text is conversation', () => {
    const refused = [{ channel: 'sms' as const, granted: false, at: at(1) }];
    expect(channelPermission(form(refused, { sms: at(2) }), 'sms')).toEqual({
      allowed: true,
      basis: 'wrote',
    });
    // A form refusing texts after the lead texted closes it again: the lead's latest word counts.
    const later = [{ channel: 'sms' as const, granted: false, at: at(3) }];
    expect(channelPermission(form(later, { sms: at(2) }), 'sms')).toEqual({
      allowed: false,
      basis: 'refused',
    });
    // Writing by e-mail opens e-mail only.
    expect(channelPermission(form(refused, { email: at(2) }), 'sms').allowed).toBe(false);
  });

  it('lets the latest of several forms count', () => {
    const facts = form([
      { channel: 'sms', granted: false, at: at(1) },
      { channel: 'sms', granted: true, at: at(4) },
    ]);
    expect(channelPermission(facts, 'sms').allowed).toBe(true);
  });

  it('leaves the check to later when the caller has no facts', () => {
    expect(consentAllows(undefined, 'sms')).toBe(true);
    expect(consentAllows(form([]), 'sms')).toBe(false);
  });
});

describe('what staff read', () => {
  it('says which channels were refused and which never agreed to', () => {
    const facts = form([
      { channel: 'sms', granted: false, at: at(1) },
      { channel: 'phone', granted: false, at: at(1) },
    ]);
    expect(consentWhy(facts, ['sms', 'phone', 'email'])).toBe(
      'The AI does not contact this lead: the lead refused texts and calls on the website form and gave no consent for e-mail. Staff may reach out; the AI answers when the lead writes',
    );
    expect(closedChannelMessage('sms', channelPermission(facts, 'sms'))).toBe(
      'This lead refused texts on the website form',
    );
    expect(closedChannelMessage('email', channelPermission(facts, 'email'))).toBe(
      'This lead has not agreed to e-mail',
    );
  });
});
