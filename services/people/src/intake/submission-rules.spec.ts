import {
  cityOfAddress,
  consentChannels,
  consentAnswers,
  contactLockKeys,
  refusedChannels,
  matchesLocation,
  normaliseFormEmail,
  normaliseFormPhone,
  readSubmission,
  splitFullName,
} from './submission-rules';

describe('form submission rules', () => {
  describe('contact locks', () => {
    it('names the practice with the phone and with the e-mail, so forms sharing either wait for each other', () => {
      const practice = '3f0c1a9e-8d2b-4c55-9a1e-6b7d2f0e4c11';
      expect(contactLockKeys(practice, { phone: '+12145550134', email: 'ana@mail.example.com' })).toEqual([
        `people.intake:${practice}:phone:+12145550134`,
        `people.intake:${practice}:email:ana@mail.example.com`,
      ]);
      expect(contactLockKeys(practice, { phone: null, email: 'ana@mail.example.com' })).toEqual([
        `people.intake:${practice}:email:ana@mail.example.com`,
      ]);
      expect(contactLockKeys('another', { phone: '+12145550134', email: null })).not.toEqual(
        contactLockKeys(practice, { phone: '+12145550134', email: null }),
      );
    });
  });

  describe('phone numbers', () => {
    it('reads a US number in any format as E.164', () => {
      for (const typed of [
        '(214) 555-0134',
        '214.555.0134',
        '2145550134',
        '+1 214 555 0134',
        '1-214-555-0134',
      ]) {
        expect(normaliseFormPhone(typed)).toBe('+12145550134');
      }
    });

    it('keeps a number with its own country code', () => {
      expect(normaliseFormPhone('+44 20 7946 0958')).toBe('+442079460958');
    });

    it('refuses what is not a valid number', () => {
      for (const typed of ['555-0134', '12345', 'call me', '', '(000) 000-0000']) {
        expect(normaliseFormPhone(typed)).toBeNull();
      }
    });

    it('refuses a premium-rate line as the lead’s number: nobody makes the practice text or call one', () => {
      expect(normaliseFormPhone('(900) 555-1234')).toBeNull();
      expect(normaliseFormPhone('+44 909 879 0000')).toBeNull();
      expect(normaliseFormPhone('(800) 234-5678')).toBe('+18002345678');
    });
  });

  it('lower-cases a valid e-mail address and refuses an invalid one', () => {
    expect(normaliseFormEmail('  Ana.Ruiz@Mail.Example.com ')).toBe('ana.ruiz@mail.example.com');
    expect(normaliseFormEmail('ana@')).toBeNull();
    expect(normaliseFormEmail('ana at mail dot com')).toBeNull();
  });

  it('splits a full name at its first word', () => {
    expect(splitFullName('  Ana   María Ruiz ')).toEqual({ first_name: 'Ana', last_name: 'María Ruiz' });
    expect(splitFullName('Cher')).toEqual({ first_name: 'Cher', last_name: null });
    expect(splitFullName('   ')).toEqual({ first_name: null, last_name: null });
  });

  describe('applying the mapping', () => {
    it('fills targets, keeps unmapped and additional fields as additional info, and drops ignored ones', () => {
      const read = readSubmission(
        {
          'your-name': 'Ana Ruiz',
          'your-phone': '(214) 555-0134',
          Email: 'ANA@mail.example.com',
          referral: 'Instagram',
          budget: '5000',
          captcha: 'x1y2',
          empty: '',
        },
        {
          'your-name': 'full_name',
          'your-phone': 'phone',
          Email: 'email',
          budget: 'additional_info',
          captcha: 'ignore',
        },
      );
      expect(read.mapped).toEqual({
        full_name: 'Ana Ruiz',
        phone: '(214) 555-0134',
        email: 'ANA@mail.example.com',
      });
      expect(read.additional_info).toEqual({ referral: 'Instagram', budget: '5000' });
      expect(read).toMatchObject({
        first_name: 'Ana',
        last_name: 'Ruiz',
        phone: '+12145550134',
        email: 'ana@mail.example.com',
      });
    });

    it('prefers first and last name fields to a full name', () => {
      const read = readSubmission(
        { first: 'Ana', last: 'Ruiz-Soto', name: 'Ana R' },
        { first: 'first_name', last: 'last_name', name: 'full_name' },
      );
      expect(read).toMatchObject({ first_name: 'Ana', last_name: 'Ruiz-Soto' });
    });

    it('keeps an invalid phone or e-mail as additional info, never as the contact', () => {
      const read = readSubmission({ phone: '555-01', email: 'ana@' }, { phone: 'phone', email: 'email' });
      expect(read.phone).toBeNull();
      expect(read.email).toBeNull();
      expect(read.mapped).toEqual({});
      expect(read.additional_info).toEqual({ phone: '555-01', email: 'ana@' });
    });

    it('keeps a second field of one target as additional info', () => {
      const read = readSubmission(
        { phone: '2145550134', mobile: '2145550199' },
        { phone: 'phone', mobile: 'phone' },
      );
      expect(read.phone).toBe('+12145550134');
      expect(read.additional_info).toEqual({ mobile: '2145550199' });
    });
  });

  describe('location filtering', () => {
    const locations = [
      { name: 'Uptown Clinic', city: 'Dallas' },
      { name: 'Frisco', city: 'Frisco' },
    ];

    it('matches a location by its name or its city, whatever the case', () => {
      expect(matchesLocation('uptown clinic', locations)).toBe(true);
      expect(matchesLocation('DALLAS', locations)).toBe(true);
      expect(matchesLocation('Dallas, TX', locations)).toBe(true);
      expect(matchesLocation('Frisco ', locations)).toBe(true);
      expect(matchesLocation('Uptown', locations)).toBe(true);
    });

    it('does not match another place, nor part of a word', () => {
      expect(matchesLocation('Houston', locations)).toBe(false);
      expect(matchesLocation('Dallasville', locations)).toBe(false);
      expect(matchesLocation('', locations)).toBe(false);
      expect(matchesLocation('Dallas', [])).toBe(false);
    });

    it('reads the city of an address', () => {
      expect(cityOfAddress('2100 McKinney Ave, Dallas, TX 75201')).toBe('Dallas');
      expect(cityOfAddress('Frisco, TX 75034')).toBe('Frisco');
      expect(cityOfAddress('Somewhere')).toBeNull();
      expect(cityOfAddress(null)).toBeNull();
    });
  });

  describe('consent', () => {
    it('gives sms and phone for a phone number and email for an address', () => {
      expect(consentChannels({ phone: '+12145550134', email: 'a@b.co' })).toEqual(['sms', 'phone', 'email']);
      expect(consentChannels({ phone: null, email: 'a@b.co' })).toEqual(['email']);
      expect(consentChannels({ phone: null, email: null })).toEqual([]);
    });

    const phoneAndEmail = { phone: '+12145550134', email: 'a@b.co' };
    const page = { title: 'Book a consultation', url: 'https://x.example/book' };
    const formText = 'Submitted the form "Book a consultation" asking to be contacted';

    it("quotes the form's consent field for every channel it gave when it says yes", () => {
      expect(
        consentAnswers({ name: 'Ana', 'I agree to be contacted by SMS': 'yes' }, page, phoneAndEmail),
      ).toEqual([
        { channel: 'sms', granted: true, text: 'I agree to be contacted by SMS: yes' },
        { channel: 'phone', granted: true, text: 'I agree to be contacted by SMS: yes' },
        { channel: 'email', granted: true, text: 'I agree to be contacted by SMS: yes' },
      ]);
      expect(consentAnswers({ sms_consent: 'on' }, page, { phone: '+12145550134', email: null })).toEqual([
        { channel: 'sms', granted: true, text: 'sms_consent: on' },
        { channel: 'phone', granted: true, text: 'sms_consent: on' },
      ]);
    });

    it('names the form when it has no consent field; nothing for a channel without an address', () => {
      expect(consentAnswers({ name: 'Ana' }, page, { phone: null, email: 'a@b.co' })).toEqual([
        { channel: 'email', granted: true, text: formText },
      ]);
      expect(
        consentAnswers({ name: 'Ana' }, { title: null, url: 'https://x.example/book' }, phoneAndEmail)[0],
      ).toEqual({
        channel: 'sms',
        granted: true,
        text: 'Submitted the form "https://x.example/book" asking to be contacted',
      });
      expect(consentAnswers({ consent: 'no' }, page, { phone: null, email: null })).toEqual([]);
    });

    it('records a general refusal for texts and calls; the e-mail the lead asked to be answered on stays given', () => {
      for (const value of ['no', 'false', 'off', '0', 'unchecked', '']) {
        expect(consentAnswers({ 'I agree to be contacted': value }, page, phoneAndEmail)).toEqual([
          { channel: 'sms', granted: false, text: `I agree to be contacted: ${value}` },
          { channel: 'phone', granted: false, text: `I agree to be contacted: ${value}` },
          { channel: 'email', granted: true, text: formText },
        ]);
      }
    });

    it('refuses only the channels a consent field that says no is about', () => {
      expect(refusedChannels('sms_consent')).toEqual(['sms']);
      expect(refusedChannels('I agree to receive texts and calls about my inquiry')).toEqual([
        'sms',
        'phone',
      ]);
      expect(refusedChannels('email_optin')).toEqual(['email']);
      expect(refusedChannels('E-mail newsletter opt-in')).toEqual(['email']);
      expect(refusedChannels('Acepto recibir llamadas y mensajes')).toEqual(['sms', 'phone']);
      expect(refusedChannels('Consent to be contacted by phone, text or email')).toEqual([
        'sms',
        'phone',
        'email',
      ]);
      expect(refusedChannels('gdpr_consent')).toEqual(['sms', 'phone']);
      expect(consentAnswers({ email_optin: 'no' }, page, phoneAndEmail)).toEqual([
        { channel: 'sms', granted: true, text: formText },
        { channel: 'phone', granted: true, text: formText },
        { channel: 'email', granted: false, text: 'email_optin: no' },
      ]);
    });
  });
});
