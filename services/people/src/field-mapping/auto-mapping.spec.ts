import { autoMappingTarget, normaliseFieldName } from './auto-mapping';

describe('field auto-mapping', () => {
  it('reduces a field name to its lower-case letters, accents removed', () => {
    expect(normaliseFieldName('Your Name')).toBe('yourname');
    expect(normaliseFieldName('your-phone_2')).toBe('yourphone');
    expect(normaliseFieldName('Teléfono')).toBe('telefono');
    expect(normaliseFieldName('E-mail')).toBe('email');
  });

  it.each([
    ['name', 'full_name'],
    ['Full Name', 'full_name'],
    ['your-name', 'full_name'],
    ['first_name', 'first_name'],
    ['fname', 'first_name'],
    ['First', 'first_name'],
    ['last-name', 'last_name'],
    ['lname', 'last_name'],
    ['Surname', 'last_name'],
    ['email', 'email'],
    ['E-mail', 'email'],
    ['e_mail', 'email'],
    ['email_address', 'email'],
    ['phone', 'phone'],
    ['Tel', 'phone'],
    ['telephone', 'phone'],
    ['Mobile', 'phone'],
    ['cell', 'phone'],
    ['phone_number', 'phone'],
    ['message', 'message'],
    ['Comments', 'message'],
    ['comment', 'message'],
    ['questions', 'message'],
    ['inquiry', 'message'],
    ['notes', 'message'],
    ['procedure', 'procedure_interest'],
    ['service', 'procedure_interest'],
    ['Treatment', 'procedure_interest'],
    ['interested_in', 'procedure_interest'],
    ['location', 'location_preference'],
    ['preferred-location', 'location_preference'],
    ['office', 'location_preference'],
    ['clinic', 'location_preference'],
    ['provider', 'provider_preference'],
    ['Doctor', 'provider_preference'],
    ['contact_method', 'preferred_contact_method'],
    ['how_to_contact', 'preferred_contact_method'],
    ['day', 'preferred_day'],
    ['preferred_day', 'preferred_day'],
    ['time', 'preferred_time'],
    ['preferred_time', 'preferred_time'],
    ['best_time', 'preferred_time'],
  ])('maps %s to %s', (name, target) => {
    expect(autoMappingTarget(name)).toBe(target);
  });

  it.each([
    ['nombre', 'full_name'],
    ['Correo', 'email'],
    ['correo electrónico', 'email'],
    ['teléfono', 'phone'],
    ['Mensaje', 'message'],
    ['servicio', 'procedure_interest'],
  ])('maps the Spanish %s to %s', (name, target) => {
    expect(autoMappingTarget(name)).toBe(target);
  });

  it('leaves any other name unmapped for staff', () => {
    for (const name of ['referral_source', 'how_did_you_hear', 'budget', 'g-recaptcha-response', '', '123']) {
      expect(autoMappingTarget(name)).toBeNull();
    }
  });
});
