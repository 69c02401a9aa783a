import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dualShares } from '../invest';
import { adminLeverSave } from '../futures';
import { choice, count, epochMs, id, INT32_MAX, integer, limit, page } from './wire';

const keyOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

/** What lenient number parsing (Number(), z.coerce) reads as a number and a strict schema refuses. */
const LENIENT = [
  '0x10',
  '0X1F',
  '0b11',
  '0o7',
  '1e1',
  '1E3',
  '+5',
  '2.0',
  '7.',
  '.5',
  ' 7 ',
  '7 ',
  '\t7',
  '010',
  '00',
  '-0',
  '1_000',
  '1,000',
  'Infinity',
  'NaN',
  '',
  '٣',
];

describe('integer: one spelling of a whole number', () => {
  const schema = integer();

  it('takes a JSON integer or its canonical decimal digits, as the same number', () => {
    for (const [sent, read] of [
      [10, 10],
      ['10', 10],
      [0, 0],
      ['0', 0],
      [-0, 0],
      [INT32_MAX, INT32_MAX],
      [String(INT32_MAX), INT32_MAX],
    ] as const) {
      const parsed = schema.safeParse(sent);
      expect(parsed.success, String(sent)).toBe(true);
      expect(Object.is(parsed.data, read), String(sent)).toBe(true);
    }
  });

  it('refuses hexadecimal, binary, octal, exponents, signs, fractions, padding and leading zeros', () => {
    for (const sent of LENIENT) expect(keyOf(schema, sent), JSON.stringify(sent)).toBe('field_invalid');
  });

  it('refuses booleans, null, arrays, objects, fractions and numbers beyond the safe range', () => {
    for (const sent of [true, false, null, [3], ['3'], {}, 1.5, Number.NaN, Infinity, 2 ** 53, '9007199254740993']) {
      expect(keyOf(schema, sent), String(sent)).toBe('field_invalid');
    }
  });

  it('keeps its bounds and names each failure with its own key', () => {
    const bounded = integer({ min: 5, max: 60, message: 'field_required', tooSmall: 'too_small', tooBig: 'too_big' });
    expect(bounded.parse('5')).toBe(5);
    expect(bounded.parse(60)).toBe(60);
    expect(keyOf(bounded, '4')).toBe('too_small');
    expect(keyOf(bounded, '-4')).toBe('too_small');
    expect(keyOf(bounded, 61)).toBe('too_big');
    expect(keyOf(bounded, undefined)).toBe('field_required');
    expect(keyOf(bounded, '0x10')).toBe('field_required');
  });
});

describe('the schemas built on it', () => {
  it('ids, counts, pages and times refuse what a lenient parse would read as a number', () => {
    const schemas = {
      id: id(),
      count: count(),
      page: page(),
      limit: limit(),
      epochMs: epochMs(),
      choice: choice([1, 2]),
    };
    for (const [name, schema] of Object.entries(schemas)) {
      for (const sent of [...LENIENT.filter((v) => v !== ''), true, [1]]) {
        expect(schema.safeParse(sent).success, `${name} ${JSON.stringify(sent)}`).toBe(false);
      }
    }
    expect(id().parse('7')).toBe(7);
    expect(count().parse('0')).toBe(0);
    expect(page().parse(undefined)).toBe(1);
    expect(limit().parse('100')).toBe(100);
    expect(epochMs().parse('1795875033697')).toBe(1795875033697);
    expect(choice([1, 2]).parse('2')).toBe(2);
    expect(keyOf(choice([1, 2]), '2.0')).toBe('field_invalid');
  });

  it('a ceiling below int32 calls a value above it invalid, whatever the field says when empty', () => {
    expect(keyOf(id('field_required', 3650), '3651')).toBe('field_invalid');
    expect(keyOf(id('field_required', 3650), '0')).toBe('field_required');
    expect(keyOf(count('field_invalid', 10), 11)).toBe('field_invalid');
  });

  it('dual shares keep their own messages with the same spelling', () => {
    const shares = dualShares();
    expect(shares.parse('12')).toBe(12);
    expect(shares.parse(12)).toBe(12);
    for (const sent of ['+5', ' 7 ', '010', '1e1', '0x10', '2.0', true, 2.5]) {
      expect(keyOf(shares, sent), String(sent)).toBe('dual_num_integer');
    }
    expect(keyOf(shares, '')).toBe('dual_num_required');
    expect(keyOf(shares, '0')).toBe('dual_num_min');
    expect(keyOf(shares, '-3')).toBe('dual_num_min');
  });

  it('the futures leverage list takes whole numbers in digits only', () => {
    const list = adminLeverSave.request.shape.multiples;
    expect(list.parse('20, 5,10')).toEqual([5, 10, 20]);
    for (const sent of ['0x10', '1e1', '+5', '2.0', '05,10', '5;10']) {
      expect(list.safeParse(sent).success, sent).toBe(false);
    }
  });
});
