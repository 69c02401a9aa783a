import { z } from 'zod';
import { PAGE_DEFAULTS } from '../envelope';

/**
 * The wire primitives every request field is built from. Requests arrive as form strings or
 * JSON and end in PostgreSQL, which refuses NUL bytes in text and numbers beyond its column
 * types; such input must be a field error here, never a database failure later.
 * Messages are keys of the shared catalogue (contract/messages).
 */

/** The largest value of a PostgreSQL `integer` column (ids, counters). */
export const INT32_MAX = 2_147_483_647;
/** Most decimal places an amount may carry (SPEC.md section 5: amount up to 10 decimals). */
export const AMOUNT_DECIMALS = 10;
/** Most integer digits of an amount; larger ones are not a sensible amount (and overflow columns). */
export const AMOUNT_MAX_INTEGER_DIGITS = 15;
/** Longest free-text field unless a field says otherwise. */
export const TEXT_MAX = 200;

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const DELETE = 0x7f;

/**
 * Whether a string carries no C0 control character (NUL among them) and no DEL. Tabs and line
 * breaks are allowed only where a field is multi-line.
 */
export const hasNoControlCharacters = (v: string, multiline = false): boolean => {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c >= 0x20 && c !== DELETE) continue;
    if (multiline && (c === TAB || c === LINE_FEED || c === CARRIAGE_RETURN)) continue;
    return false;
  }
  return true;
};

export interface TextOptions {
  /** Longest accepted length in UTF-16 units (default 200). */
  max?: number;
  /** Trim surrounding white space first (default true; passwords keep theirs). */
  trim?: boolean;
  /** Allow tabs and line breaks (notes, reasons). */
  multiline?: boolean;
  /** The key when the field is absent or not a string (default `field_required`). */
  missing?: string;
}

/**
 * A string field without control characters, trimmed and length-capped. It may be empty; chain
 * `.min(1, {error: 'field_required'})` (or use `requiredText`) for a field that must be filled.
 */
export const text = (options: TextOptions = {}) => {
  const { max = TEXT_MAX, trim = true, multiline = false, missing = 'field_required' } = options;
  // A wrong type reports `missing` too; the server's issue mapper calls a sent value invalid.
  const base = z.string({ error: missing });
  return (trim ? base.trim() : base)
    .refine((v) => hasNoControlCharacters(v, multiline), { error: 'field_invalid', abort: true })
    .max(max, { error: 'field_too_long' });
};

/** A text field that must be filled in. */
export const requiredText = (options: TextOptions = {}) =>
  text(options).refine((v) => v.length > 0, { error: options.missing ?? 'field_required' });

/**
 * A whole number's one spelling in a form body or a query: decimal digits without a plus sign,
 * leading zeros, spaces, a fraction or an exponent (at most 16 digits; the bounds decide the rest).
 */
export const INTEGER_TEXT = /^(?:0|-?[1-9]\d{0,15})$/;

/**
 * A whole number as SPEC.md's clients send it, a JSON integer or its canonical decimal text
 * ("10"), as a number; anything else ("0x10", "1e1", "+5", "2.0", " 7 ", `true`, an array) is
 * left as it came, for the number schema after it to refuse.
 */
export const readInteger = (v: unknown): unknown => {
  if (typeof v === 'string') return INTEGER_TEXT.test(v) ? Number(v) : v;
  return v === 0 ? 0 : v; // JSON -0 is 0
};

export interface IntegerOptions {
  /** Smallest accepted value (default 0). */
  min?: number;
  /** Largest accepted value (default INT32_MAX, what an `integer` column holds). */
  max?: number;
  /**
   * The key of a value that is not a whole number (default `field_invalid`); `field_required`
   * makes an absent value read "required", and the server's issue mapper calls a sent one invalid.
   */
  message?: string;
  /** The key of a value below `min` (default `message`). */
  tooSmall?: string;
  /** The key of a value above `max` (default `message`). */
  tooBig?: string;
}

/**
 * The one integer schema of the contract: every count, id, choice and time of a request is built
 * from it, as every amount is from `amount`. Coercion (`z.coerce.number`) would take hexadecimal,
 * binary, exponents, signs, fractions written as "2.0", padded text and booleans as numbers.
 */
export const integer = (options: IntegerOptions = {}) => {
  const { min = 0, max = INT32_MAX, message = 'field_invalid' } = options;
  return z.preprocess(
    readInteger,
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: options.tooSmall ?? message })
      .max(max, { error: options.tooBig ?? message }),
  );
};

/**
 * A positive id that fits a PostgreSQL `integer`: a JSON number or a form string of digits.
 * `message` replaces `field_invalid` where a field has its own ("please select the withdrawal
 * address"); a field with a lower ceiling than INT32_MAX (`max`) calls a value above it invalid.
 */
export const id = (message = 'field_invalid', max?: number) =>
  integer({ min: 1, max: max ?? INT32_MAX, message, tooBig: max === undefined ? message : 'field_invalid' });

/** A whole number from 0 to INT32_MAX or to `max` (counts, offsets). */
export const count = (message = 'field_invalid', max?: number) =>
  integer({ min: 0, max: max ?? INT32_MAX, message, tooBig: max === undefined ? message : 'field_invalid' });

/**
 * One of a few integer codes (1 buy, 2 sell; 0 off, 1 on), sent as a form string or a JSON number;
 * typed as the union of the codes.
 */
export const choice = <T extends readonly number[]>(values: T, message = 'field_invalid') =>
  integer({ min: Math.min(...values), max: Math.max(...values), message }).refine((v) => values.includes(v), {
    error: message,
  }) as unknown as z.ZodType<T[number], unknown>;

/** Epoch milliseconds, within what a JavaScript Date can hold. */
export const EPOCH_MS_MAX = 8.64e15;
export const epochMs = () => integer({ max: EPOCH_MS_MAX });

/** SPEC.md section 7 paging: page 1 and limit 10 by default, at most 100 rows a page. */
export const PAGE_LIMIT_MAX = 100;
/** Deeper pages are no use to a person and make the database skip millions of rows. */
export const PAGE_MAX = 100_000;
export const page = (fallback: number = PAGE_DEFAULTS.page) => id('field_invalid', PAGE_MAX).default(fallback);
export const limit = (fallback: number = PAGE_DEFAULTS.limit, max = PAGE_LIMIT_MAX) =>
  id('field_invalid', max).default(fallback);

/** Both paging fields, as most list endpoints take them. */
export const paging = () => z.object({ page: page(), limit: limit() });

/** A decimal string as the server writes amounts and prices (DESIGN.md principle 3). */
export const decimal = () => z.string().regex(/^-?\d+(\.\d+)?$/);

/**
 * A positive amount: digits with at most 10 decimals and 15 integer digits, above zero; otherwise
 * "please enter the correct quantity, price or amount". A JSON number is read as its decimal
 * text; money never becomes a float on the server.
 */
export const amount = () =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    z
      .string({ error: (iss) => (iss.input === undefined ? 'field_required' : 'amount_invalid') })
      .trim()
      .min(1, { error: 'field_required' })
      .refine((v) => /^(?:0|[1-9]\d*)(?:\.\d+)?$/.test(v), { error: 'amount_invalid', abort: true })
      .refine((v) => (v.split('.')[1] ?? '').length <= AMOUNT_DECIMALS, { error: 'amount_decimals', abort: true })
      .refine((v) => (v.split('.')[0] ?? '').length <= AMOUNT_MAX_INTEGER_DIGITS, {
        error: 'amount_invalid',
        abort: true,
      })
      .refine((v) => /[1-9]/.test(v), { error: 'amount_invalid' }),
  );
