import {
  cityOfAddress,
  consentChannels,
  consentText,
  matchesLocation,
  normaliseFormEmail,
  normaliseFormPhone,
  readSubmission,
  splitFullName,
} from './submission-rules';

describe('form submission rules', () => {
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

    it("quotes the form's consent field", () => {
      expect(
        consentText({ name: 'Ana', 'I agree to be contacted by SMS': 'yes' }, { title: 'Contact', url: 'u' }),
      ).toBe('I agree to be contacted by SMS: yes');
      expect(consentText({ sms_consent: 'on' }, { title: null, url: 'u' })).toBe('sms_consent: on');
    });

    it('names the form when it has no consent field, and records none when its consent field says no', () => {
      expect(
        consentText({ name: 'Ana' }, { title: 'Book a consultation', url: 'https://x.example/book' }),
      ).toBe('Submitted the form "Book a consultation" asking to be contacted');
      expect(consentText({ name: 'Ana' }, { title: null, url: 'https://x.example/book' })).toBe(
        'Submitted the form "https://x.example/book" asking to be contacted',
      );
      expect(consentText({ consent: 'false' }, { title: 'T', url: 'u' })).toBeNull();
      expect(consentText({ agree: '' }, { title: 'T', url: 'u' })).toBeNull();
    });
  });
});
