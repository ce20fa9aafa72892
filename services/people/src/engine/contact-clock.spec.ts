import { contactClock, phoneClock, stateOfAddress, stateOfPlace } from './contact-clock';

describe("the lead's clock", () => {
  it.each([
    ['+13125550100', ['America/Chicago'], 'IL'],
    ['+12125551234', ['America/New_York'], 'NY'],
    ['+16025550100', ['America/Phoenix'], 'AZ'],
    ['+18085550100', ['Pacific/Honolulu'], 'HI'],
    ['+17135550100', ['America/Chicago'], 'TX'],
    ['+19155550100', ['America/Denver'], 'TX'],
    ['+12065550100', ['America/Los_Angeles'], 'WA'],
    ['+12025550100', ['America/New_York'], 'DC'],
  ])('reads %s as %j in %s from the number alone', async (phone, zones, state) => {
    expect(await phoneClock(phone)).toEqual({ zones, state });
  });

  it('keeps every zone of an area code split between two', async () => {
    expect((await phoneClock('+19075550100'))?.zones).toEqual(
      expect.arrayContaining(['America/Anchorage', 'America/Adak']),
    );
  });

  it('gives a number outside North America its zone and no state', async () => {
    expect(await phoneClock('+525512345678')).toEqual({ zones: ['America/Mexico_City'], state: null });
  });

  it("falls back to the location's zone and the state in its address", async () => {
    const location = { timezone: 'America/New_York', address: '12 Ocean Dr, Miami, FL 33139' };
    expect(await contactClock(null, location)).toEqual({ zones: ['America/New_York'], state: 'FL' });
    expect(await contactClock('+13125550100', location)).toEqual({ zones: ['America/Chicago'], state: 'IL' });
  });

  it('reads states from geocoder places and addresses, nothing from anything else', () => {
    expect(stateOfPlace('San Francisco, CA')).toBe('CA');
    expect(stateOfPlace('Washington State')).toBe('WA');
    expect(stateOfPlace('Mexico City, FD')).toBeNull();
    expect(stateOfPlace(null)).toBeNull();
    expect(stateOfAddress('1 Main St, Austin, TX 78701-1234')).toBe('TX');
    expect(stateOfAddress('Address to be updated')).toBeNull();
    expect(stateOfAddress('1 Main St, Austin, Texas')).toBeNull();
  });
});
