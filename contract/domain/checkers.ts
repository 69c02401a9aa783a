/**
 * The local checkers of SPEC.md section 5. Pure functions over strings, shared by the screens
 * (form validation) and the server (through the zod rules in ./rules.ts).
 */

export const isEmpty = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

export const isEmail = (v: string): boolean =>
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/.test(
    v,
  ) && v.length <= 254;

/** Mainland China mobile: 11 digits, starting with 1 then 3-9. */
export const isMainlandMobile = (v: string): boolean => /^1[3-9]\d{9}$/.test(v);

/** International mobile number without the area code: 4 to 15 digits. */
export const isMobileNumber = (v: string): boolean => /^\d{4,15}$/.test(v);

/** The mainland's dialling code, with or without its plus. */
const MAINLAND_AREA = /^\+?86$/;

/**
 * A mobile number under its dialling code: a +86 number is a mainland mobile (11 digits, 1 then
 * 3-9); any other is 4 to 15 digits.
 */
export const isMobileFor = (areaCode: string, v: string): boolean =>
  MAINLAND_AREA.test(areaCode.trim()) ? isMainlandMobile(v) : isMobileNumber(v);

export const isUrl = (v: string): boolean => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/** A calendar date as YYYY-MM-DD or YYYY/MM/DD that really exists. */
export const isDate = (v: string): boolean => {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
};

/** A decimal number, optionally signed, with an optional fraction. */
export const isNumber = (v: string): boolean => /^[-+]?(?:\d+\.?\d*|\.\d+)$/.test(v);

export const isDigits = (v: string): boolean => /^\d+$/.test(v);

/** Mainland resident ID card: 18 characters with a valid ISO 7064 check digit. */
export const isIdCard = (v: string): boolean => {
  if (!/^\d{17}[\dXx]$/.test(v)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const checks = '10X98765432';
  const sum = weights.reduce((acc, w, i) => acc + w * Number(v[i]), 0);
  return checks[sum % 11] === v[17]!.toUpperCase();
};

/** A non-negative amount with up to 10 decimal places. */
export const isAmount = (v: string): boolean => /^(?:0|[1-9]\d*)(?:\.\d{1,10})?$/.test(v);

export const isChinese = (v: string): boolean => /^[\u4e00-\u9fa5]+$/.test(v);

export const isLetters = (v: string): boolean => /^[A-Za-z]+$/.test(v);

export const isLettersDigits = (v: string): boolean => /^[A-Za-z0-9]+$/.test(v);

export const inRange = (v: number, min: number, max: number): boolean => v >= min && v <= max;

/** Length in characters (code points), inclusive bounds. */
export const hasLength = (v: string, min: number, max: number): boolean => inRange([...v].length, min, max);

export const isJsonString = (v: string): boolean => {
  try {
    const parsed: unknown = JSON.parse(v);
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
};

/** Landline: optional area code of 3-4 digits, a 7-8 digit number, optional extension. */
export const isLandline = (v: string): boolean => /^(?:0\d{2,3}-?)?\d{7,8}(?:-\d{1,6})?$/.test(v);

/** Verification code of exactly n digits (default 6). */
export const isCode = (v: string, n = 6): boolean => new RegExp(`^\\d{${n}}$`).test(v);

/** Free text without characters that have no place in names and labels. */
export const hasNoSpecialCharacters = (v: string): boolean => !/[<>"'`;\\{}$%^*|~]/.test(v);

/** Nickname: 2-10 characters of Chinese, English letters or digits. */
export const isNickname = (v: string): boolean => /^[\u4e00-\u9fa5A-Za-z0-9]{2,10}$/.test(v);

/** Signature: 2-30 characters. */
export const isSignature = (v: string): boolean => hasLength(v.trim(), 2, 30) && hasNoSpecialCharacters(v);
