import { nameFromTitle } from './practice-name';

describe('nameFromTitle', () => {
  it('drops the tagline after the name', () => {
    expect(nameFromTitle('Glow Med Spa | Botox & Fillers in Austin')).toBe('Glow Med Spa');
    expect(nameFromTitle('Luxe Aesthetics — Botox & Lip Filler in Phoenix')).toBe('Luxe Aesthetics');
    expect(nameFromTitle('Contour Plastic Surgery – Scottsdale Plastic Surgeons')).toBe(
      'Contour Plastic Surgery',
    );
    expect(nameFromTitle('Bright Smiles: Family Dentistry in Tulsa')).toBe('Bright Smiles');
  });

  it("leaves out 'Home' and 'Welcome to'", () => {
    expect(nameFromTitle('Home | Glow Med Spa')).toBe('Glow Med Spa');
    expect(nameFromTitle('Home - Glow Med Spa')).toBe('Glow Med Spa');
    expect(nameFromTitle('Welcome to Hart Plastic Surgery')).toBe('Hart Plastic Surgery');
  });

  it('keeps a hyphen inside a name', () => {
    expect(nameFromTitle('Smith-Jones Dermatology | Boston')).toBe('Smith-Jones Dermatology');
  });

  it('takes the part the other pages share when the brand comes last', () => {
    expect(
      nameFromTitle('Botox & Fillers in Austin | Glow Med Spa', [
        'Our Team | Glow Med Spa',
        'Services | Glow Med Spa',
      ]),
    ).toBe('Glow Med Spa');
    expect(
      nameFromTitle('Smile Dental Studio | Family Dentistry', ['Our Doctors | Smile Dental Studio']),
    ).toBe('Smile Dental Studio');
  });

  it('gives null for an empty or generic title, and at most 100 characters', () => {
    expect(nameFromTitle('   ')).toBeNull();
    expect(nameFromTitle('Home')).toBeNull();
    expect(nameFromTitle('x'.repeat(300))).toHaveLength(100);
  });
});
