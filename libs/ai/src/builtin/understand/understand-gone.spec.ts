import { read } from './test-helpers';

/**
 * A symptom said to be gone is not a report of the body now (safety-rules.ts, `saidToBeGone`): its own clause or
 * the next one about it says so. Anything still there, back, worse or in another clause is read on its own.
 * Sentences here are in no fixture.
 */
const reasonOf = (text: string) => read(text).escalation?.reason ?? null;

describe('a symptom said to be gone', () => {
  it.each([
    'the bruising from my lip filler went away after 4 days, can I book a touch up?',
    'swelling from the botox went down by day three, when can I come back for my brows?',
    'my redness after the peel cleared up, thanks! next session?',
    'I had a small headache after my tox but it went away the next morning. booking again in March',
    'the numbness from the dentist is totally gone now, what time is my cleaning next month?',
    'la hinchazón del relleno ya se me bajó, quiero agendar el retoque',
    'o inchaço do preenchimento já desinchou, posso marcar a próxima sessão?',
    'the bruise from thursday’s filler is fading, can I wear concealer to a party?',
    'had some tenderness after my lip flip two weeks ago but it’s long gone. same dose again?',
    // a comma and the word that turns are one break
    'I got a headache after my forehead botox, but it went away by dinner. booking my next one',
  ])('is not a finding: %j', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it.each([
    // another symptom in another clause
    ['the bruising from my filler went away but my lip is hard and lumpy now', 'post_treatment_symptoms'],
    ['the swelling went down and my eyelid is drooping since the botox', 'post_treatment_symptoms'],
    // not gone, back, or still there
    ["the swelling from my filler hasn't gone away after 2 weeks", 'post_treatment_symptoms'],
    ['the swelling after my filler went down but came back worse today', 'post_treatment_symptoms'],
    ['the bruise after my filler went away but it is still sore and warm', 'post_treatment_symptoms'],
    ['la hinchazón del relleno no se me ha bajado y me duele', 'medical_concern'],
    // asking when it will be gone
    ['my lips are swollen since the filler when will they be back to normal', 'post_treatment_symptoms'],
    // days that passed are not a symptom that did
    ['ya pasaron tres días de la extracción y sigue saliendo sangre', 'post_treatment_symptoms'],
    // signs a clinician reads even when they have passed
    ['I had a fever after my lipo but it went away', 'post_treatment_symptoms'],
    // fading is not faded
    ['the bruise from my filler is not fading at all and it is turning dark', 'post_treatment_symptoms'],
  ])('%j still reaches a person (%s)', (text, reason) => {
    expect(reasonOf(text)).toBe(reason);
  });
});

describe('money said to hurt', () => {
  it.each([
    'my bank account is bleeding after the holidays, do you do financing for a tummy tuck?',
    'my poor wallet is still bleeding from my braces lol, any promo on whitening?',
  ])('is a figure of speech, not a finding: %j', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it('leaves a body that bleeds a finding', () => {
    expect(reasonOf('my gum is still bleeding after the extraction yesterday')).toBe(
      'post_treatment_symptoms',
    );
  });
});
