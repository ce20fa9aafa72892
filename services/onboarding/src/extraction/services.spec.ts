import type { CrawledPage } from '@pp/crawler';
import { MAX_SERVICES, servicesOf, specialtiesIn, specialtiesOf } from './services';

function page(url: string, text: string, headings: string[] = []): CrawledPage {
  return {
    url,
    title: null,
    text,
    headings,
    structuredData: [],
    meta: { description: null, siteName: null, ogTitle: null, ogDescription: null },
    contact: { phones: [], emails: [], addresses: [], footer: '', bookingLinks: [] },
    fetchedAt: new Date(),
  };
}

describe('servicesOf', () => {
  it('reports catalogue names ranked by how many pages name them, with their keys and the page naming most', () => {
    const found = servicesOf([
      page('https://a.example/', 'Botox and fillers, and our HydraFacial.'),
      page('https://a.example/services', 'HydraFacial. Dermal fillers. Botox Cosmetic. Laser hair removal.', [
        'Botox',
      ]),
      page('https://a.example/laser', 'Laser hair removal with the GentleMax Pro.'),
    ]);
    expect(found).toEqual({
      names: ['Botox', 'Dermal Fillers', 'HydraFacial', 'Laser Hair Removal'],
      keys: ['botox', 'dermal-fillers', 'hydrafacial', 'laser-hair-removal'],
      source: 'https://a.example/services',
    });
  });

  it('counts JSON-LD service names as mentions on their page', () => {
    expect(servicesOf([], [{ page: 'https://a.example/', text: 'Rhinoplasty' }]).names).toEqual([
      'Rhinoplasty',
    ]);
  });

  it(`reports at most ${MAX_SERVICES}`, () => {
    const text =
      'Botox Dysport Xeomin Jeuveau Daxxify Juvederm Restylane Radiesse Sculptra Kybella HydraFacial Microneedling ' +
      'Morpheus8 CoolSculpting Emsculpt Rhinoplasty Facelift Veneers Invisalign';
    expect(servicesOf([page('https://a.example/', text)]).names).toHaveLength(MAX_SERVICES);
  });
});

describe('specialties', () => {
  it('names what a site calls itself in the vocabulary', () => {
    expect(specialtiesIn('A physician-led medical spa')).toEqual(['Med Spa']);
    expect(specialtiesIn('Austin medspa and laser center')).toEqual(['Med Spa']);
    expect(specialtiesIn('Family dentistry and cosmetic dentistry')).toEqual([
      'Cosmetic Dentistry',
      'General Dentistry',
    ]);
    expect(specialtiesIn('Board-certified facial plastic surgeon')).toEqual(['Facial Plastic Surgery']);
    expect(specialtiesIn('Facial plastic surgery and plastic surgery of the body')).toEqual([
      'Facial Plastic Surgery',
      'Plastic Surgery',
    ]);
    expect(specialtiesIn('Our dermatologists and our orthodontist')).toEqual(['Dermatology', 'Orthodontics']);
    expect(specialtiesIn('orthodontic treatment, plastic wrap')).toEqual([]);
  });

  it('puts JSON-LD medicalSpecialty first, in the vocabulary where it can, then the names most pages use', () => {
    expect(
      specialtiesOf({ page: 'https://a.example/', values: ['PlasticSurgery', 'Otolaryngologic'] }, [
        { page: 'https://a.example/about', text: 'Our med spa' },
        { page: 'https://a.example/', text: 'Our med spa and dermatology team' },
      ]),
    ).toEqual({
      names: ['Plastic Surgery', 'Otolaryngologic', 'Med Spa', 'Dermatology'],
      source: 'https://a.example/',
    });
    expect(specialtiesOf(null, [{ page: 'https://a.example/about', text: 'cosmetic dentistry' }])).toEqual({
      names: ['Cosmetic Dentistry'],
      source: 'https://a.example/about',
    });
  });
});
