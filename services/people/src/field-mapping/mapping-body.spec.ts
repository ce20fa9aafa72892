import { FieldMappingMessages } from '@pp/contracts';
import { FieldMappingException } from './field-mapping.exception';
import { mergeExamples } from './examples';
import { parseMappingBody } from './mapping-body';

const detailOf = (body: unknown): string => {
  try {
    parseMappingBody(body);
  } catch (error) {
    expect(error).toBeInstanceOf(FieldMappingException);
    return (error as FieldMappingException).detail;
  }
  throw new Error('accepted');
};

describe('the field mapping body', () => {
  it('accepts every target, for fields discovered or not', () => {
    expect(
      parseMappingBody({ 'your-name': 'full_name', budget: 'additional_info', captcha: 'ignore' }),
    ).toEqual({
      'your-name': 'full_name',
      budget: 'additional_info',
      captcha: 'ignore',
    });
    expect(parseMappingBody({})).toEqual({});
  });

  it('refuses an unknown target, naming the field', () => {
    expect(detailOf({ 'your-name': 'nickname' })).toBe(FieldMappingMessages.unknownTarget('your-name'));
    expect(detailOf({ phone: null })).toBe(FieldMappingMessages.unknownTarget('phone'));
    expect(detailOf({ phone: ['phone'] })).toBe(FieldMappingMessages.unknownTarget('phone'));
  });

  it('refuses a body that is not an object of names', () => {
    expect(detailOf([])).toBe(FieldMappingMessages.notAnObject);
    expect(detailOf(null)).toBe(FieldMappingMessages.notAnObject);
    expect(detailOf('phone')).toBe(FieldMappingMessages.notAnObject);
  });

  it('refuses a blank name or one over 200 characters, and over 500 entries', () => {
    expect(detailOf({ ' ': 'phone' })).toBe(FieldMappingMessages.fieldName);
    expect(detailOf({ ['x'.repeat(201)]: 'phone' })).toBe(FieldMappingMessages.fieldName);
    expect(parseMappingBody({ ['x'.repeat(200)]: 'phone' })).toEqual({ ['x'.repeat(200)]: 'phone' });
    const many = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`field_${i}`, 'ignore']));
    expect(detailOf(many)).toBe(FieldMappingMessages.tooMany);
    delete many.field_0;
    expect(Object.keys(parseMappingBody(many))).toHaveLength(500);
  });
});

describe('discovered field examples', () => {
  it('keeps the 5 latest distinct values, newest first', () => {
    let examples: string[] = [];
    for (const value of ['a', 'b', 'a', 'c', 'd', 'e', 'f']) examples = mergeExamples(examples, value);
    expect(examples).toEqual(['f', 'e', 'd', 'c', 'a']);
  });

  it('cuts a long value to 100 characters and skips an empty one', () => {
    expect(mergeExamples([], 'x'.repeat(5000))).toEqual(['x'.repeat(100)]);
    expect(mergeExamples(['kept'], '   ')).toEqual(['kept']);
    expect(mergeExamples([], '  two\n lines ')).toEqual(['two lines']);
  });
});
