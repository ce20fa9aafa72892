import {
  capitalizeWords,
  LeadFieldMessages,
  normalizeWebsite,
  validateEmail,
  validatePhone,
  validateRequiredName,
  validateWebsite,
  validateZip,
} from './lead-fields';
import { isStageFilterId, STAGE_BY_FILTER, STAGE_SIDEBAR } from './filters';
import { LEAD_STAGES } from './stages';

describe('lead field rules (docs/product/leads.md#lead-fields)', () => {
  it('requires first and last names', () => {
    expect(validateRequiredName('  ', 'first')).toBe('First name is required');
    expect(validateRequiredName(null, 'last')).toBe('Last name is required');
    expect(validateRequiredName('Ana', 'first')).toBeNull();
  });

  it.each(['(555) 123-4567', '555-123-4567', '+1 555 123 4567', ''])('accepts the phone %p', (phone) => {
    expect(validatePhone(phone)).toBeNull();
  });

  it.each(['555-1234', '555123456789', '25551234567', '555-abc-4567'])('rejects the phone %p', (phone) => {
    expect(validatePhone(phone)).toBe(LeadFieldMessages.phone);
  });

  it('checks emails against a simple pattern, empty allowed', () => {
    expect(validateEmail('ana@clinic.example')).toBeNull();
    expect(validateEmail('')).toBeNull();
    expect(validateEmail('ana@clinic')).toBe('Please enter a valid email address');
    expect(validateEmail('ana clinic@x.com')).toBe('Please enter a valid email address');
  });

  it('adds https to websites and wants a real host', () => {
    expect(normalizeWebsite('glow.example')).toBe('https://glow.example');
    expect(normalizeWebsite('http://glow.example')).toBe('http://glow.example');
    expect(validateWebsite('glow.example')).toBeNull();
    expect(validateWebsite('glow')).toBe('Please enter a valid website URL');
    expect(validateWebsite('glow.c')).toBe('Please enter a valid website URL');
  });

  it('accepts 5 or 5+4 ZIP codes', () => {
    expect(validateZip('75201')).toBeNull();
    expect(validateZip('75201-1234')).toBeNull();
    expect(validateZip('7520')).toBe('Please enter a valid ZIP code');
  });

  it('capitalises each word of a name', () => {
    expect(capitalizeWords("mary-jane o'neil")).toBe("Mary-Jane O'Neil");
    expect(capitalizeWords('ana de la cruz')).toBe('Ana De La Cruz');
  });
});

describe('stage filters (docs/product/leads.md#filters)', () => {
  it('maps every filter id to a real stage', () => {
    for (const stage of Object.values(STAGE_BY_FILTER)) expect(LEAD_STAGES).toContain(stage);
    expect(STAGE_BY_FILTER.escalated).toBe('Escalated');
    expect(STAGE_BY_FILTER.noshowcancelled).toBe('No Show / Cancelled');
  });

  it('lists the sidebar groups in the spec order', () => {
    expect(STAGE_SIDEBAR.map((group) => group.title)).toEqual(['PIPELINE', 'BOOKINGS', 'ARCHIVE']);
    expect(STAGE_SIDEBAR.flatMap((group) => group.entries).every((entry) => isStageFilterId(entry.id))).toBe(
      true,
    );
    expect(isStageFilterId('Lead')).toBe(false);
  });
});
