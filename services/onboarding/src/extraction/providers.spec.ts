import { dedupeProviders, MAX_PROVIDERS, providerFromPerson, providersIn } from './providers';

const names = (text: string) => providersIn(text).map((provider) => provider.name);

describe('providersIn', () => {
  it('finds people named with a title or a provider credential, as written', () => {
    expect(names('Dr. Maria Lopez, MD')).toEqual(['Dr. Maria Lopez, MD']);
    expect(names('Maria Lopez, M.D.')).toEqual(['Maria Lopez, M.D.']);
    expect(names('Nathan Cole, MD, FACS')).toEqual(['Nathan Cole, MD, FACS']);
    expect(names('Jessica Moreno, MSN, NP-C')).toEqual(['Jessica Moreno, MSN, NP-C']);
    expect(names('Megan Lee, PA-C and Sara Nguyen, BSN, RN')).toEqual([
      'Megan Lee, PA-C',
      'Sara Nguyen, BSN, RN',
    ]);
    expect(names('Dr. Priya Shah, DDS and Marcus Reed DMD')).toEqual([
      'Dr. Priya Shah, DDS',
      'Marcus Reed DMD',
    ]);
    expect(names('Dr. Maria J. Lopez-Garcia')).toEqual(['Dr. Maria J. Lopez-Garcia']);
    expect(names("Dr. Sean O'Neil")).toEqual(["Dr. Sean O'Neil"]);
  });

  it('never returns a sentence fragment', () => {
    expect(names('Meet Maria Lopez, MD, our medical director')).toEqual(['Maria Lopez, MD']);
    expect(names('Our Team Maria Lopez, MD')).toEqual(['Maria Lopez, MD']);
    expect(names('Dr. Maria Lopez Offers Botox In Austin')).toEqual(['Dr. Maria Lopez']);
    expect(names('Why Choose Dr. Maria Lopez For Your Rhinoplasty')).toEqual(['Dr. Maria Lopez']);
    expect(names('Dr. Lopez and Dr. Chen were wonderful.')).toEqual([]);
    expect(names('Board Certified Plastic Surgeon, MD')).toEqual([]);
  });

  it('needs a provider credential: a hygienist, an MBA or a PhD alone is not one', () => {
    expect(names('Lena Ortiz, RDH')).toEqual([]);
    expect(names('Chris Alvarez, MBA')).toEqual([]);
    expect(names('Taylor Brooks')).toEqual([]);
  });

  it('takes no town and state for a person', () => {
    expect(names('Silver Spring, MD 20910')).toEqual([]);
    expect(names('We serve patients in Bala Cynwyd, PA and nearby.')).toEqual([]);
  });

  it('reads at most 2,000 characters of a text', () => {
    expect(names(`${'x '.repeat(1_000)}Dr. Maria Lopez`)).toEqual([]);
  });
});

describe('dedupeProviders', () => {
  it('counts a person once however written, keeping the fullest spelling in first-met order', () => {
    const found = dedupeProviders([
      ...providersIn('Dr. Maria Lopez'),
      ...providersIn('Ana Kim, NP'),
      ...providersIn('Maria Lopez, MD'),
      ...providersIn('Dr. Maria Lopez, MD'),
      ...providersIn('Dr. Maria J. Lopez'),
    ]);
    expect(found.map((provider) => provider.name)).toEqual(['Dr. Maria Lopez, MD', 'Ana Kim, NP']);
  });

  it(`keeps at most ${MAX_PROVIDERS}`, () => {
    const many = Array.from({ length: 50 }, (_, i) =>
      providersIn(
        `Dr. Ann ${String.fromCharCode(65 + (i % 26))}x${String.fromCharCode(97 + Math.floor(i / 26))}`,
      ),
    ).flat();
    expect(many.length).toBe(50);
    expect(dedupeProviders(many)).toHaveLength(MAX_PROVIDERS);
  });
});

describe('providerFromPerson', () => {
  const person = {
    page: 'https://a.example/team',
    honorificPrefix: null,
    honorificSuffix: null,
    jobTitle: null,
  };

  it('writes a JSON-LD person with their prefix, suffix or the credential of their job title', () => {
    expect(
      providerFromPerson({ ...person, name: 'Elena Park', honorificPrefix: 'Dr.', honorificSuffix: 'MD' })
        ?.name,
    ).toBe('Dr. Elena Park, MD');
    expect(providerFromPerson({ ...person, name: 'Ana Kim', jobTitle: 'Nurse Injector, RN' })?.name).toBe(
      'Ana Kim, RN',
    );
    expect(providerFromPerson({ ...person, name: 'Dr. Elena Park' })?.name).toBe('Dr. Elena Park');
  });

  it('gives null for someone without a title or credential', () => {
    expect(
      providerFromPerson({ ...person, name: 'Chris Alvarez', jobTitle: 'Patient Coordinator' }),
    ).toBeNull();
  });
});
