import { read } from './test-helpers';

const reason = (text: string) => read(text).escalation?.reason ?? null;

/**
 * What an old treatment or injury left, told as the reason for a new one, and questions about people in general:
 * a candidate's history, not a symptom or a condition of the writer's now (safety-rules.ts: `anOldResult`,
 * `chronicNasal`, `askedAboutPeople`, `stoppedLongAgo`, `namesAThing`).
 */
describe('understandInquiry: an old result is not a symptom now', () => {
  it.each([
    'I broke my nose playing soccer in college and it has been crooked since. Would rhinoplasty fix it?',
    'broke my nose as a teen (like 15 yrs ago), its crooked and its hard to breathe out of the left side. consult?',
    'Are clear aligners an option if I had braces as a kid and my teeth shifted back?',
    'had lip filler somewhere else a year ago and it migrated above my lip line, no pain. can you dissolve it?',
    'I had a rhinoplasty abroad 4 years ago and the tip has always been a bit crooked, I would like a revision',
    'Dejé de amamantar el año pasado y todo se desinfló, ¿cuánto cuesta un levantamiento de senos?',
  ])('%s → no one', (text) => {
    expect(reason(text)).toBeNull();
  });

  it.each([
    // Something acting up now, however old the treatment.
    [
      'I broke my nose 10 years ago and since yesterday it is swollen and I cannot breathe',
      'medical_concern',
    ],
    ['I had implants 8 years ago and suddenly one side is bigger and hot', 'post_treatment_symptoms'],
    ['my tummy tuck was 2 years ago and now the scar is red and oozing', 'post_treatment_symptoms'],
    // A recent treatment.
    ['my filler from 2 weeks ago migrated and my lip is lumpy', 'post_treatment_symptoms'],
    ['ok so my smile is lopsided ever since the botox around my mouth', 'post_treatment_symptoms'],
    ['since my rhinoplasty 3 days ago I cannot breathe through my nose at all', 'post_treatment_symptoms'],
  ])('%s → %s', (text, expected) => {
    expect(reason(text)).toBe(expected);
  });
});

describe('understandInquiry: people in general, and a medicine stopped long ago', () => {
  it.each([
    'general q: do people usually stop blood thinners before lipo? just researching',
    'do ppl usually have to stop blood thinners before surgery or nah',
    'can people with diabetes get dental implants? asking for a class project lol',
    'In general can people who take blood thinners still get implants? Asking for my husband.',
    'do people on accutane have to wait before laser hair removal? just curious, i finished mine 2 yrs ago',
    'Stopped accutane two years ago, finally clear!! now I want the scars done, pricing?',
  ])('%s → no one', (text) => {
    expect(reason(text)).toBeNull();
  });

  it.each([
    ['I take blood thinners, do people usually stop them before lipo?', 'medical_concern'],
    ["I'm diabetic, can people like me get implants?", 'medical_concern'],
    ['I stopped accutane last month, can I do laser now?', 'medical_concern'],
    // A history with lasting weight is still the writer's.
    ['I finished chemo for breast cancer last year, is a HydraFacial ok for me?', 'medical_concern'],
    ['after my extraction yesterday there is blood everywhere', 'post_treatment_symptoms'],
  ])('%s → %s', (text, expected) => {
    expect(reason(text)).toBe(expected);
  });
});

describe('understandInquiry: what reaches a person in words the rules did not read before', () => {
  it.each([
    // A side effect on a weight-loss medicine under way.
    ['a lil queasy on the new wegovy dose, should i just eat less or what', 'post_treatment_symptoms'],
    // A minor told by the birthday to come, in the first person.
    ['I graduate in May and turn 18 in August, my parents agreed to a BBL as my gift', 'minor'],
    // A booking for the pregnant relative herself.
    ['Quiero sacar una cita de limpieza para mi hermana, está embarazada de 5 meses', 'pregnancy'],
    // A lump after implants, in Portuguese.
    [
      'Coloquei prótese ano passado e agora apareceu um caroço perto da axila, to preocupada',
      'post_treatment_symptoms',
    ],
    // Self-harm said as wanting to disappear for good, or being done with everything.
    [
      'After everything this year I kind of just want to disappear permanently. How much is a facelift',
      'medical_concern',
    ],
    [
      'how much numbing cream can a person put on at once? I have a whole tube and I am just done with everything',
      'medical_concern',
    ],
  ])('%s → %s', (text, expected) => {
    expect(reason(text)).toBe(expected);
  });

  it.each([
    "i'm done with everything on my list, can i book botox saturday",
    'my sister is pregnant so she cant come, but i still want my 2pm hydrafacial friday',
    'Coloquei prótese ano passado e amei o resultado, quanto custa o lifting?',
  ])('%s → no one', (text) => {
    expect(reason(text)).toBeNull();
  });
});
