import type { PracticeFacts, PracticePage } from '@pp/ai';
import type { Extraction } from './extract-practice';
import { withModelFacts } from './model-facts';

const pages: PracticePage[] = [
  {
    url: 'https://smile.example/',
    title: 'Smile Studio | Family & Cosmetic Dentistry',
    text:
      'Smile Studio is a family and cosmetic dental practice in Denver. We have cared for Denver families since ' +
      '2004 with gentle cleanings, crowns, Invisalign and teeth whitening.\nCall (303) 555-0188 or book online.',
  },
  {
    url: 'https://smile.example/team',
    title: 'Our team',
    text: 'Dr. Maya Chen, DDS leads the practice. Jordan Lee, RDH is our hygienist. Sam Ortiz manages the front desk.',
  },
];

const rules = (over: Partial<Extraction['data']> = {}): Extraction => ({
  data: {
    practice_name: null,
    about_summary: null,
    doctors_names: [],
    specialties: [],
    key_services: ['Teeth Whitening'],
    address: null,
    phone_number: '(303) 555-0188',
    email_address: null,
    booking_info: null,
    error: null,
    warning: "We could not find the practice's name or address on the site.",
    ...over,
  },
  sources: { key_services: 'https://smile.example/', phone_number: 'https://smile.example/' },
  openingHours: null,
  procedureKeys: ['teeth-whitening'],
});

const none: PracticeFacts = {
  practice_name: null,
  about_summary: null,
  doctors_names: [],
  specialties: [],
  key_services: [],
  booking_info: null,
};

describe('withModelFacts', () => {
  it('fills what the rules left empty with facts written on the page they cite, and says what is still missing', () => {
    const improved = withModelFacts(rules(), pages, {
      ...none,
      practice_name: { value: 'Smile Studio', page: 1 },
      about_summary: {
        value:
          'Smile Studio is a family and cosmetic dental practice in Denver, caring for Denver families since 2004.',
        page: 1,
      },
      doctors_names: [{ value: 'Dr. Maya Chen, DDS', page: 2 }],
      specialties: [{ value: 'cosmetic dental', page: 1 }],
      key_services: [{ value: 'Invisalign', page: 1 }],
      booking_info: { value: 'Call (303) 555-0188 or book online.', page: 1 },
    });
    expect(improved.data).toMatchObject({
      practice_name: 'Smile Studio',
      doctors_names: ['Dr. Maya Chen, DDS'],
      specialties: ['cosmetic dental'],
      key_services: ['Teeth Whitening', 'Invisalign'],
      booking_info: 'Call (303) 555-0188 or book online.',
      warning: "We could not find the practice's address on the site.",
    });
    expect(improved.data.about_summary).toMatch(/^Smile Studio is a family/);
    expect(improved.sources).toMatchObject({
      practice_name: 'https://smile.example/',
      doctors_names: 'https://smile.example/team',
      key_services: 'https://smile.example/',
    });
    expect(improved.procedureKeys).toContain('invisalign');
  });

  it('drops what the cited page does not say: an invented name, a fact on another page, a made-up summary', () => {
    const improved = withModelFacts(rules(), pages, {
      ...none,
      practice_name: { value: 'Denver Smile Center', page: 1 },
      about_summary: {
        value: 'An award-winning clinic offering sedation, implants and emergency care daily.',
        page: 1,
      },
      doctors_names: [
        { value: 'Dr. John Invented, DMD', page: 2 },
        { value: 'Dr. Maya Chen, DDS', page: 1 },
      ],
      key_services: [{ value: 'Dental Implants', page: 1 }],
      booking_info: { value: 'Book online', page: 7 },
    });
    expect(improved.data).toEqual(rules().data);
    expect(improved.procedureKeys).toEqual(['teeth-whitening']);
  });

  it('keeps the rules’ values, adds no duplicate, and takes no one without a provider title as a doctor', () => {
    const improved = withModelFacts(
      rules({ practice_name: 'Smile Studio Denver', doctors_names: ['Dr. Maya Chen, DDS'] }),
      pages,
      {
        ...none,
        practice_name: { value: 'Smile Studio', page: 1 },
        doctors_names: [
          { value: 'dr. maya chen, dds', page: 2 },
          { value: 'Sam Ortiz', page: 2 },
          { value: 'Jordan Lee, RDH', page: 2 },
        ],
        key_services: [{ value: 'teeth whitening', page: 1 }],
      },
    );
    expect(improved.data.practice_name).toBe('Smile Studio Denver');
    expect(improved.data.doctors_names).toEqual(['Dr. Maya Chen, DDS']);
    expect(improved.data.key_services).toEqual(['Teeth Whitening']);
  });

  it('does not match a value inside a longer word', () => {
    const improved = withModelFacts(rules(), pages, {
      ...none,
      specialties: [{ value: 'metic dent', page: 1 }],
    });
    expect(improved.data.specialties).toEqual([]);
  });
});
