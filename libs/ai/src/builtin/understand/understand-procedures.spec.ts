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
    expect(procedures('can I get a limpieza facial')).toEqual([]);
  });

  it('names the cleaning a child needs, and Pediatric Dentistry when the parent asks whether children are seen', () => {
    expect(procedures('my son is 7 and needs his first cleaning')).toEqual(['Cleaning & Exam']);
    expect(procedures('do you see kids? my son is 7 and needs his first cleaning')).toEqual([
      'Pediatric Dentistry',
      'Cleaning & Exam',
    ]);
    expect(procedures('my daughter is 9, time for her checkup')).toEqual(['Pediatric Dentistry']);
  });

  it('reads a tooth that hurts or broke now as Emergency Dental Care, not a symptom after treatment', () => {
    expect(
      procedures('my wisdom tooth is throbbing and my cheek is swelling up, can you see me today?'),
    ).toEqual(['Emergency Dental Care']);
    expect(procedures('se me rompió una muela comiendo y me duele')).toEqual(['Emergency Dental Care']);
    expect(procedures('I want my wisdom teeth pulled, they ache sometimes')).toEqual(['Tooth Extraction']);
    expect(procedures('my wisdom tooth was pulled on monday and it still bleeds')).toEqual([
      'Tooth Extraction',
    ]);
    expect(procedures("can't feel one side of my face and my smile is crooked")).toEqual([]);
  });

  it('reads short names and descriptions of a procedure', () => {
    expect(procedures('nose has been throbbing since the rhino')).toEqual(['Rhinoplasty']);
    expect(procedures('me operaron de la nariz hace un mes')).toEqual(['Rhinoplasty']);
    expect(procedures('3 weeks since my augmentation and the right breast sits higher')).toEqual([
      'Breast Augmentation',
    ]);
    expect(procedures('the skin around the IV is red')).toEqual(['IV Therapy']);
    expect(procedures('la zona del suero está morada')).toEqual(['IV Therapy']);
    expect(procedures('paid for 6 laser sessions and the hair grew back')).toEqual(['Laser Hair Removal']);
    expect(procedures('do you take insurance for cleanings')).toEqual(['Cleaning & Exam']);
    expect(procedures('is the GLP-1 program covered by insurance')).toEqual(['GLP-1 Weight Loss']);
    expect(procedures('pulled tooth on friday, the hole hurts')).toEqual(['Tooth Extraction']);
    expect(procedures('is rhino slang for rhinoceros')).toEqual([]);
  });

  it('leaves out a procedure told only as history when another is asked about', () => {
    expect(
      procedures('I had a tummy tuck elsewhere years ago. How long is recovery from liposuction?'),
    ).toEqual(['Liposuction']);
    expect(procedures('healed great from my eyelid surgery, ready to book the brow lift consult')).toEqual([
      'Brow Lift',
    ]);
    expect(procedures('had a tummy tuck years ago and want a revision of the tummy tuck')).toEqual([
      'Tummy Tuck',
    ]);
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
