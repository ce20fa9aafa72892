import { joinAddress, parseAddress, zipProblem } from './address';

describe('parseAddress', () => {
  it('reads street, city and STATE ZIP from three parts', () => {
    expect(parseAddress('2100 McKinney Ave, Dallas, TX 75201')).toEqual({
      street: '2100 McKinney Ave',
      city: 'Dallas',
      state: 'TX',
      zip: '75201',
    });
  });

  it('takes a 5+4 ZIP and a state alone', () => {
    expect(parseAddress('1 Main St, Austin, TX 78701-1234').zip).toBe('78701-1234');
    expect(parseAddress('1 Main St, Austin, tx')).toEqual({
      street: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '',
    });
  });

  it('keeps a street that has its own comma whole', () => {
    expect(parseAddress('Suite 200, 100 Main St, Plano, TX 75024')).toEqual({
      street: 'Suite 200, 100 Main St',
      city: 'Plano',
      state: 'TX',
      zip: '75024',
    });
  });

  it.each(['Address to be updated', '100 Main St, Plano', '', '100 Main St, Plano, Texas 75024'])(
    'makes %j the street when it is not street, city, STATE ZIP',
    (address) => {
      expect(parseAddress(address)).toEqual({ street: address, city: '', state: '', zip: '' });
    },
  );

  it('splits on comma-space only', () => {
    expect(parseAddress('1,2 Main St, Plano, TX').street).toBe('1,2 Main St');
  });
});

describe('joinAddress', () => {
  it('joins the parts as street, city, STATE ZIP', () => {
    expect(joinAddress({ street: '1 Main St', city: 'Plano', state: 'TX', zip: '75024' })).toBe(
      '1 Main St, Plano, TX 75024',
    );
  });

  it('leaves out empty parts', () => {
    expect(joinAddress({ street: '1 Main St', city: '', state: 'TX', zip: '' })).toBe('1 Main St, TX');
    expect(joinAddress({ street: '1 Main St', city: 'Plano', state: '', zip: '75024' })).toBe(
      '1 Main St, Plano, 75024',
    );
  });

  it('round-trips what it parses', () => {
    const address = '2100 McKinney Ave, Dallas, TX 75201-1234';
    expect(joinAddress(parseAddress(address))).toBe(address);
  });
});

describe('zipProblem', () => {
  it.each(['75201', '75201-1234', ''])('accepts %j', (zip) => expect(zipProblem(zip)).toBeNull());
  it.each(['7520', '752011', '75201-12', 'ABCDE', '752011234'])('refuses %j', (zip) =>
    expect(zipProblem(zip)).toBe('Please enter a valid ZIP code'),
  );
});
