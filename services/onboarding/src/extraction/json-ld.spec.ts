import type { CrawledPage } from '@pp/crawler';
import { readStructuredData } from './json-ld';

function page(url: string, structuredData: unknown[]): CrawledPage {
  return {
    url,
    title: null,
    text: '',
    headings: [],
    structuredData,
    meta: { description: null, siteName: null, ogTitle: null, ogDescription: null },
    contact: { phones: [], emails: [], addresses: [], footer: '', bookingLinks: [] },
    fetchedAt: new Date(),
  };
}

describe('readStructuredData', () => {
  it('reads a business with its PostalAddress, contact details, hours, specialties, services and people', () => {
    const { businesses, people } = readStructuredData(
      [
        page('https://a.example/', [
          {
            '@context': 'https://schema.org',
            '@type': ['MedicalClinic', 'LocalBusiness'],
            name: 'Hart Plastic Surgery',
            description: 'Plastic surgery in Dallas.',
            telephone: ['+1 214-555-0100'],
            email: 'mailto:info@hart.example',
            address: {
              '@type': 'PostalAddress',
              streetAddress: '100 Main St',
              addressLocality: 'Dallas',
              addressRegion: 'TX',
              postalCode: '75201',
            },
            openingHours: 'Mo-Fr 09:00-17:00',
            openingHoursSpecification: {
              dayOfWeek: 'https://schema.org/Saturday',
              opens: '10:00',
              closes: '14:00',
            },
            medicalSpecialty: ['https://schema.org/PlasticSurgery', { name: 'Dermatology' }],
            availableService: [{ '@type': 'MedicalProcedure', name: 'Rhinoplasty' }],
            hasOfferCatalog: {
              '@type': 'OfferCatalog',
              name: 'Services',
              itemListElement: [{ '@type': 'Offer', itemOffered: { '@type': 'Service', name: 'Facelift' } }],
            },
            employee: [
              { '@type': 'Person', name: 'Ann Hart', honorificPrefix: 'Dr.', honorificSuffix: 'MD, FACS' },
              { '@type': 'Physician', name: 'Dr. Ben Cho' },
            ],
            memberOf: { '@type': 'Organization', name: 'American Society of Plastic Surgeons' },
          },
        ]),
      ],
      undefined,
    );
    expect(businesses).toEqual([
      {
        page: 'https://a.example/',
        rank: 0,
        types: ['MedicalClinic', 'LocalBusiness'],
        name: 'Hart Plastic Surgery',
        description: 'Plastic surgery in Dallas.',
        telephones: ['+1 214-555-0100'],
        emails: ['info@hart.example'],
        addresses: ['100 Main St, Dallas, TX 75201'],
        openingHours: ['Mo-Fr 09:00-17:00'],
        openingHoursSpecification: [{ days: ['Saturday'], opens: '10:00', closes: '14:00' }],
        specialties: ['PlasticSurgery', 'Dermatology'],
        services: ['Rhinoplasty', 'Facelift'],
      },
    ]);
    expect(people.map((person) => [person.name, person.honorificPrefix, person.honorificSuffix])).toEqual([
      ['Ann Hart', 'Dr.', 'MD, FACS'],
      ['Dr. Ben Cho', null, null],
    ]);
  });

  it('reads @graph items, ranks medical businesses over organizations and the home page first', () => {
    const home = page('https://a.example/', [
      {
        '@graph': [
          { '@type': 'WebSite', name: 'Site', publisher: { '@type': 'Organization', name: 'Glow Group' } },
          { '@type': 'Organization', name: 'Glow' },
        ],
      },
    ]);
    const other = page('https://a.example/contact', [{ '@type': 'DaySpa', name: 'Glow Spa' }]);
    const { businesses } = readStructuredData([other, home], home);
    expect(businesses.map((business) => business.name)).toEqual(['Glow Spa', 'Glow Group', 'Glow']);
  });

  it('takes no business from where it is not the practice (an author, a membership, a brand)', () => {
    const { businesses, people } = readStructuredData(
      [
        page('https://a.example/blog', [
          {
            '@type': 'BlogPosting',
            author: { '@type': 'Person', name: 'Dr. Guest Writer' },
            brand: { '@type': 'Organization', name: 'Allergan' },
          },
        ]),
      ],
      undefined,
    );
    expect(businesses).toEqual([]);
    expect(people).toEqual([]);
  });

  it('stays within its budget on deep, wide or hostile JSON-LD, and never reads inherited keys', () => {
    let deep: Record<string, unknown> = { '@type': 'Person', name: 'Dr. Too Deep' };
    for (let i = 0; i < 10_000; i++) deep = { '@type': 'Organization', name: `Level ${i}`, employee: deep };
    const hostile = JSON.parse(
      '{"@type":"Dentist","__proto__":{"name":"Polluted"},"constructor":"x"}',
    ) as unknown;
    const wide = Array.from({ length: 100_000 }, () => ({ '@type': 'Dentist', name: 'Wide' }));
    const { businesses, people } = readStructuredData(
      [page('https://a.example/', [deep, hostile, wide])],
      undefined,
    );
    expect(people).toEqual([]);
    expect(businesses.length).toBeLessThan(100);
    expect(businesses.find((business) => business.types.includes('Dentist'))?.name).toBeNull();
  });
});
