import { read } from './test-helpers';

const procedures = (text: string, practiceProcedures?: string[]) =>
  read(text, { practiceProcedures }).procedures_of_interest;

describe('understandInquiry: procedures', () => {
  it.each([
    ['how much r ur botx units', ['Botox']],
    ['interested in juviderm for my smile lines', ['Juvederm']],
    ['is invisaline covered by insurance', ['Invisalign']],
    ['tummytuck consult', ['Tummy Tuck']],
    ['cool sculpting for my belly', ['CoolSculpting']],
    ['I want a tummy tuck and maybe a boob job', ['Tummy Tuck', 'Breast Augmentation']],
    ['nose job recovery?', ['Rhinoplasty']],
    ['Dysport or Botox, which lasts longer?', ['Dysport', 'Botox']],
    ['filler in my cheeks and tox for my forehead', ['Cheek Filler', 'Neurotoxins']],
  ])('%s → %j', (text, expected) => {
    expect(procedures(text)).toEqual(expected);
  });

  it.each([
    ['Me interesa una abdominoplastia y lipo', ['Tummy Tuck', 'Liposuction']],
    ['precio de implantes de seno', ['Breast Augmentation']],
    ['quisiera el precio de las carillas y del blanqueamiento dental', ['Veneers', 'Teeth Whitening']],
    ['relleno de labios', ['Lip Filler']],
    ['cuánto cuesta el bótox', ['Botox']],
    ['Me hice un peeling el lunes', ['Chemical Peel']],
  ])('Spanish: %s → %j', (text, expected) => {
    expect(procedures(text)).toEqual(expected);
  });

  it('reads words that depend on context with the rest of the message', () => {
    expect(procedures('how much are implants to replace a missing tooth')).toEqual(['Dental Implants']);
    expect(procedures('what size breast implants do most people get')).toEqual(['Breast Augmentation']);
    expect(procedures('I need a crown on my back molar')).toEqual(expect.arrayContaining(['Dental Crowns']));
    expect(procedures('Botox for crow’s feet')).toEqual(['Botox']);
    expect(procedures('can we do a zoom call instead of coming in?')).toEqual([]);
    expect(procedures('I filled out the form yesterday')).toEqual([]);
    expect(procedures('my son is 7 and needs his first cleaning')).toEqual([
      'Pediatric Dentistry',
      'Cleaning & Exam',
    ]);
    expect(procedures('can I get a limpieza facial')).toEqual([]);
  });

  it('leaves out a procedure named to say it is not wanted', () => {
    expect(procedures('not botox, I want lip filler')).toEqual(['Lip Filler']);
    expect(procedures("I don't want surgery or lipo, maybe CoolSculpting")).toEqual(['CoolSculpting']);
    expect(procedures('I have never had botox before, how much is it?')).toEqual(['Botox']);
  });

  it('prefers a specific name, and the offered kind of a general word', () => {
    expect(procedures('fillers, ideally Juvederm')).toEqual(['Juvederm']);
    expect(procedures('how much is tox', ['Botox', 'Lip Filler'])).toEqual(['Botox']);
    expect(procedures('how much is tox', ['Botox', 'Dysport'])).toEqual(['Neurotoxins']);
    expect(procedures('do you carry Jeuveau', ['Neurotoxins'])).toEqual(['Jeuveau']);
  });

  it('reads the form’s procedure field first and a practice’s own procedure by its name', () => {
    expect(
      read('when can I come in?', { channel: 'form', formFields: { procedure_interest: 'Lip filler' } })
        .procedures_of_interest,
    ).toEqual(['Lip Filler']);
    expect(procedures('how much is the vampire facial', ['Vampire Facial', 'Botox'])).toEqual([
      'Vampire Facial',
    ]);
  });
});
