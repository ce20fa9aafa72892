import { formFields } from './insights-rules';

describe('the form fields the model reads', () => {
  it('reads the mapped fields, and a date of birth kept as additional info whatever the website named it', () => {
    expect(
      formFields({
        content_data: {
          mapped: { procedure_interest: 'Lip Filler', message: 'how much?', preferred_time: '  ' },
          additional_info: { referral: 'Instagram', 'your-dob': '03/14/2011' },
        },
      }),
    ).toEqual({ procedure_interest: 'Lip Filler', message: 'how much?', date_of_birth: '03/14/2011' });
    expect(
      formFields({ content_data: { mapped: {}, additional_info: { fecha_nacimiento: '2010-05-05' } } }),
    ).toEqual({ date_of_birth: '2010-05-05' });
  });

  it('takes no other additional field for a date of birth', () => {
    expect(
      formFields({
        content_data: { mapped: { message: 'hi' }, additional_info: { doberman: 'yes', notes: '2011' } },
      }),
    ).toEqual({ message: 'hi' });
  });
});
