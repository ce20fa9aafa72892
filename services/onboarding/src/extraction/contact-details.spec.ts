import {
  addressesIn,
  emailsIn,
  isPlaceholderEmail,
  phonesIn,
  usableEmail,
  validPhone,
} from './contact-details';

describe('phonesIn', () => {
  it('finds valid US numbers as written', () => {
    expect(phonesIn('Call (512) 555-0142 or 512.555.0143, +1 512-555-0144, 1-800-555-0199.')).toEqual([
      { written: '(512) 555-0142', number: '+15125550142' },
      { written: '512.555.0143', number: '+15125550143' },
      { written: '+1 512-555-0144', number: '+15125550144' },
      { written: '1-800-555-0199', number: '+18005550199' },
    ]);
  });

  it('refuses numbers libphonenumber does not accept, and fax numbers', () => {
    expect(phonesIn('Call (555) 123-4567 or (512) 123-4567')).toEqual([]);
    expect(phonesIn('Fax: (303) 555-0188 · Phone: (303) 555-0187').map((phone) => phone.written)).toEqual([
      '(303) 555-0187',
    ]);
  });

  it('takes no part of a longer number', () => {
    expect(phonesIn('Order 15125550142999 or ID 5125550142')).toEqual([]);
  });

  it('validates with the US as the default region', () => {
    expect(validPhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(validPhone('12')).toBeNull();
  });
});

describe('e-mail addresses', () => {
  it('refuses placeholders, error-tracking addresses and file names', () => {
    for (const email of [
      'info@example.com',
      'your@email.com',
      'name@yourdomain.com',
      'john.doe@gmail.com',
      '605a7baede844d278b89dc95ae0a9123@sentry-next.wixpress.com',
      'abc@o123.ingest.sentry.io',
      'logo@2x.png',
    ]) {
      expect({ email, placeholder: isPlaceholderEmail(email) }).toEqual({ email, placeholder: true });
    }
    expect(isPlaceholderEmail('hello@glowmedspa.com')).toBe(false);
  });

  it('finds usable addresses in text, and takes a mailto: target', () => {
    expect(emailsIn('Write to your@email.com, or to Front.Desk@SmileDental.com today.')).toEqual([
      'Front.Desk@SmileDental.com',
    ]);
    expect(usableEmail(' mailto:hello@glow.example ')).toBe('hello@glow.example');
    expect(usableEmail('not an address')).toBeNull();
  });
});

describe('addressesIn', () => {
  it('finds a US street address with its ZIP code, as written', () => {
    expect(addressesIn('Visit us at 4820 Burnet Road, Suite 210, Austin, TX 78756 today')).toEqual([
      '4820 Burnet Road, Suite 210, Austin, TX 78756',
    ]);
    expect(
      addressesIn('Smile Dental Studio, 2150 South Colorado Blvd, Suite 300, Denver, CO 80222-1234'),
    ).toEqual(['2150 South Colorado Blvd, Suite 300, Denver, CO 80222-1234']);
    expect(addressesIn('7301 E Shea Blvd Scottsdale Arizona 85260')).toEqual([
      '7301 E Shea Blvd Scottsdale Arizona 85260',
    ]);
    expect(addressesIn('350 5th Avenue, New York, New York 10118')).toEqual([
      '350 5th Avenue, New York, New York 10118',
    ]);
  });

  it('starts at the house number of the street, not at another number before it', () => {
    expect(addressesIn('Over 20 Years of care at 1200 South Lamar Blvd, Austin, TX 78704')).toEqual([
      '1200 South Lamar Blvd, Austin, TX 78704',
    ]);
  });

  it('needs a state, a street type and a house number', () => {
    expect(addressesIn('Austin, TX 78704')).toEqual([]);
    expect(addressesIn('Call 512 Botox Team, XY 78704')).toEqual([]);
    expect(addressesIn('We treated 30 Patients in Austin, TX 78704')).toEqual([]);
    expect(addressesIn('Order number 78704')).toEqual([]);
  });
});
