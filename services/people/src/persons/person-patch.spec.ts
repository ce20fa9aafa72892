import { planPersonPatch } from './person-patch';
import { PersonException, PersonExceptionCode } from './person.exception';

const current = {
  first_name: 'Sofia',
  last_name: 'Marquez',
  primary_phone: '+12145550134',
  primary_email: 'sofia@mail.example',
  stage: 'Lead',
};
/** The field rule's domain error: a 422 with the message once the platform filter maps it. */
const failure = (message: string) => new PersonException(PersonExceptionCode.InvalidField, message);

describe('planPersonPatch (docs/product/leads.md#lead-fields)', () => {
  it('returns one change per field whose stored value changes', () => {
    expect(planPersonPatch(current, { first_name: ' Ana ', stage: 'Escalated' })).toEqual([
      { field: 'first_name', old_value: 'Sofia', new_value: 'Ana' },
      { field: 'stage', old_value: 'Lead', new_value: 'Escalated' },
    ]);
  });

  it('skips values that normalise to what is stored', () => {
    expect(
      planPersonPatch(current, {
        first_name: 'Sofia ',
        primary_phone: '(214) 555-0134',
        primary_email: 'Sofia@Mail.Example',
        stage: 'Lead',
      }),
    ).toEqual([]);
    expect(planPersonPatch(current, {})).toEqual([]);
  });

  it('stores phones in E.164 and emails lower-cased', () => {
    expect(planPersonPatch(current, { primary_phone: '1-469-555-0199', primary_email: 'A@B.CO' })).toEqual([
      { field: 'primary_phone', old_value: '+12145550134', new_value: '+14695550199' },
      { field: 'primary_email', old_value: 'sofia@mail.example', new_value: 'a@b.co' },
    ]);
  });

  it("clears phone and email with '' or null", () => {
    expect(planPersonPatch(current, { primary_phone: '', primary_email: null })).toEqual([
      { field: 'primary_phone', old_value: '+12145550134', new_value: null },
      { field: 'primary_email', old_value: 'sofia@mail.example', new_value: null },
    ]);
  });

  it.each([
    [{ first_name: '  ' }, 'First name is required'],
    [{ first_name: null }, 'First name is required'],
    [{ last_name: '' }, 'Last name is required'],
    [{ primary_phone: '555-1234' }, 'Please enter a valid 10-digit phone number'],
    [{ primary_phone: '25551234567' }, 'Please enter a valid 10-digit phone number'],
    [{ primary_email: 'ana@clinic' }, 'Please enter a valid email address'],
    [{ stage: '' }, 'Stage is required'],
    [{ stage: null }, 'Stage is required'],
  ])('rejects %p with the spec message', (patch, message) => {
    expect(() => planPersonPatch(current, patch)).toThrow(failure(message));
    expect(() => planPersonPatch(current, patch)).toThrow(PersonException);
  });

  it('rejects a stage that is not one of the stages in docs/product/leads.md', () => {
    expect(() => planPersonPatch(current, { stage: 'escalated' })).toThrow(/stage must be one of: Lead, /);
  });

  it('checks every field before anything changes', () => {
    expect(() => planPersonPatch(current, { first_name: 'Ana', primary_email: 'nope' })).toThrow(
      failure('Please enter a valid email address'),
    );
  });
});
