import { hoursFromSchema, hoursInText } from './opening-hours';

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

describe('hoursFromSchema', () => {
  it('reads openingHoursSpecification, grouping days with the same hours', () => {
    expect(
      hoursFromSchema(
        [
          { days: weekdays, opens: '09:00', closes: '18:00' },
          { days: ['Saturday'], opens: '10:00:00', closes: '16:00:00' },
          { days: ['Sunday'], opens: '00:00', closes: '00:00' },
        ],
        [],
      ),
    ).toEqual([
      { days: weekdays, opens: '09:00', closes: '18:00' },
      { days: ['Saturday'], opens: '10:00', closes: '16:00' },
    ]);
  });

  it("reads openingHours strings ('Mo-Fr 09:00-17:00', 'Sa,Su 10:00-14:00')", () => {
    expect(
      hoursFromSchema([], ['Mo-Th 08:00-17:00', 'Fr 08:00-14:00', 'Sa,Su 10:00-14:00', 'nonsense']),
    ).toEqual([
      { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'], opens: '08:00', closes: '17:00' },
      { days: ['Friday'], opens: '08:00', closes: '14:00' },
      { days: ['Saturday', 'Sunday'], opens: '10:00', closes: '14:00' },
    ]);
  });
});

describe('hoursInText', () => {
  it('reads an hours table as the crawler writes it, closed days left out', () => {
    expect(
      hoursInText([
        'Monday | 7:30 AM – 4:30 PM',
        'Tuesday | 7:30 AM – 4:30 PM',
        'Friday | 7:30 AM – 1:00 PM',
        'Saturday & Sunday | Closed',
      ]),
    ).toEqual([
      { days: ['Monday', 'Tuesday'], opens: '07:30', closes: '16:30' },
      { days: ['Friday'], opens: '07:30', closes: '13:00' },
    ]);
  });

  it('reads ranges and lists of days in a line of text', () => {
    expect(hoursInText(['Studio hours: Tue–Fri 10am–6pm, Sat 9am–2pm.'])).toEqual([
      { days: ['Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '10:00', closes: '18:00' },
      { days: ['Saturday'], opens: '09:00', closes: '14:00' },
    ]);
    expect(hoursInText(['Open Monday through Friday from 9 a.m. to 12:30 p.m.'])).toEqual([
      { days: weekdays, opens: '09:00', closes: '12:30' },
    ]);
    expect(hoursInText(['Mon, Wed & Fri: 9-5pm'])).toEqual([
      { days: ['Monday', 'Wednesday', 'Friday'], opens: '09:00', closes: '17:00' },
    ]);
  });

  it('reads no times it would have to guess (9-5 without am or pm)', () => {
    expect(hoursInText(['Monday 9-5', 'Sunday: 10am-2pm'])).toEqual([
      { days: ['Sunday'], opens: '10:00', closes: '14:00' },
    ]);
    expect(hoursInText(['Sunscreen 10am-2pm'])).toEqual([]);
  });
});
