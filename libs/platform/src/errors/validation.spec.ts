import { IsNotEmpty, IsString, MaxLength, ValidateNested, validateSync } from 'class-validator';
import { plainToInstance, Type } from 'class-transformer';
import { firstValidationMessage } from './validation';

class Address {
  @IsString({ message: 'City is required' })
  city: string;
}

class Form {
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(5, { message: 'Password is too long' })
  password: string;

  @ValidateNested()
  @Type(() => Address)
  address: Address;
}

describe('firstValidationMessage', () => {
  const messageFor = (input: object) => firstValidationMessage(validateSync(plainToInstance(Form, input)));

  it('reports the topmost failed rule of a field, not a later length limit', () => {
    expect(messageFor({ address: { city: 'Austin' } })).toBe('Password is required');
  });

  it('reports a later rule when only that one fails', () => {
    expect(messageFor({ password: 'far too long', address: { city: 'Austin' } })).toBe(
      'Password is too long',
    );
  });

  it('finds messages in nested objects', () => {
    expect(messageFor({ password: 'ok', address: {} })).toBe('City is required');
  });
});
