import { describe, expect, it } from 'vitest';
import * as c from './checkers';

/** Each checker of SPEC.md section 5 with values it must accept and values it must refuse. */
const cases: Array<[string, (v: string) => boolean, string[], string[]]> = [
  [
    'isEmail',
    c.isEmail,
    ['a@b.co', 'first.last+tag@mail.example.com', 'x_y@sub-domain.org'],
    ['', 'plain', 'a@b', '@b.co', 'a@.co', 'a b@c.co', `${'a'.repeat(250)}@b.co`],
  ],
  [
    'isMainlandMobile',
    c.isMainlandMobile,
    ['13800138000', '19912345678', '15012345678'],
    ['12800138000', '1380013800', '138001380001', '23800138000', '1380013800a'],
  ],
  [
    'isMobileNumber',
    c.isMobileNumber,
    ['1234', '612345678', '123456789012345'],
    ['123', '1234567890123456', '+85212345678', '12 34'],
  ],
  [
    'isMobileFor +86',
    (v) => c.isMobileFor('+86', v),
    ['13800138000', '19912345678'],
    ['61234567', '12800138000', '1380013800'],
  ],
  ['isMobileFor 852', (v) => c.isMobileFor('852', v), ['61234567', '13800138000'], ['123', '6123a567']],
  [
    'isUrl',
    c.isUrl,
    ['https://example.com', 'http://localhost:8080/h5/'],
    ['example.com', 'ftp://example.com', 'javascript:alert(1)', ''],
  ],
  [
    'isDate',
    c.isDate,
    ['2024-02-29', '2023/1/5', '1999-12-31'],
    ['2023-02-29', '2023-13-01', '2023-04-31', '20230101', '2023-1-1x'],
  ],
  [
    'isNumber',
    c.isNumber,
    ['0', '-1', '+2.5', '3.', '.5', '1234567.890'],
    ['', '-', '.', '1e5', '1,000', 'abc', '1.2.3'],
  ],
  ['isDigits', c.isDigits, ['0', '007', '123456'], ['', '1.0', '-1', '12a']],
  [
    'isIdCard',
    c.isIdCard,
    ['11010519491231002X', '11010519491231002x', '440524188001010014'],
    ['110105194912310021', '11010519491231002', '1101051949123100XX', 'abcdefghijklmnopqr'],
  ],
  ['isAmount', c.isAmount, ['0', '0.1', '10', '123.0123456789'], ['', '-1', '01', '1.', '.5', '1.01234567891', '1e3']],
  ['isChinese', c.isChinese, ['中文', '比特币'], ['', 'abc', '中文a', '中 文']],
  ['isLetters', c.isLetters, ['abc', 'ABCxyz'], ['', 'abc1', 'ab c', 'é']],
  ['isLettersDigits', c.isLettersDigits, ['abc123', 'A1', '9'], ['', 'abc-1', 'a b', '中1']],
  ['isJsonString', c.isJsonString, ['{}', '[]', '{"a":1}'], ['', '1', '"text"', 'null', '{a:1}']],
  [
    'isLandline',
    c.isLandline,
    ['010-12345678', '0755-1234567', '12345678', '021-87654321-123'],
    ['', '123456', '010-123456789', 'abc-12345678'],
  ],
  [
    'isNickname',
    c.isNickname,
    ['Al', '小明', 'abc123', '一二三四五六七八九十'],
    ['A', 'abcdefghijk', 'a b', 'a_b', '一二三四五六七八九十一'],
  ],
  [
    'isSignature',
    c.isSignature,
    ['Hi', 'Trading since 2017.', 'a'.repeat(30)],
    ['a', ' a ', 'a'.repeat(31), 'no <tags>'],
  ],
  [
    'hasNoSpecialCharacters',
    c.hasNoSpecialCharacters,
    ['Plain text 1.', 'name-with_dash', '中文'],
    ['a<b', 'x;y', 'a{b}', '$5', "it's"],
  ],
];

describe.each(cases)('%s', (_name, check, good, bad) => {
  it.each(good)('accepts %j', (v) => expect(check(v)).toBe(true));
  it.each(bad)('refuses %j', (v) => expect(check(v)).toBe(false));
});

describe('isEmpty', () => {
  it.each([undefined, null, '', '   ', []])('treats %j as empty', (v) => expect(c.isEmpty(v)).toBe(true));
  it.each(['a', ' a ', 0, false, [0], {}])('treats %j as present', (v) => expect(c.isEmpty(v)).toBe(false));
});

describe('isCode', () => {
  it('defaults to exactly 6 digits', () => {
    expect(c.isCode('123456')).toBe(true);
    expect(c.isCode('12345')).toBe(false);
    expect(c.isCode('1234567')).toBe(false);
    expect(c.isCode('12345a')).toBe(false);
    expect(c.isCode(' 123456')).toBe(false);
  });
  it('takes another length', () => {
    expect(c.isCode('1234', 4)).toBe(true);
    expect(c.isCode('123456', 4)).toBe(false);
  });
});

describe('inRange and hasLength', () => {
  it('inRange includes both bounds', () => {
    expect(c.inRange(1, 1, 3)).toBe(true);
    expect(c.inRange(3, 1, 3)).toBe(true);
    expect(c.inRange(0.999, 1, 3)).toBe(false);
    expect(c.inRange(3.001, 1, 3)).toBe(false);
  });
  it('hasLength counts code points, so an emoji is one character', () => {
    expect(c.hasLength('ab', 2, 10)).toBe(true);
    expect(c.hasLength('a', 2, 10)).toBe(false);
    expect(c.hasLength('😀😀', 2, 2)).toBe(true);
    expect(c.hasLength('abcdefghijk', 2, 10)).toBe(false);
  });
});
