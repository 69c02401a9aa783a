import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from './define';
import { allEndpoints } from './index';

/**
 * Every request field of every endpoint refuses what the database cannot store (NUL bytes,
 * integers beyond int32) with an issue on that field, so the server answers a field error instead
 * of failing in PostgreSQL.
 */

function objectOf(schema: z.ZodType): z.ZodObject | undefined {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodPipe) return objectOf(schema.in as z.ZodType);
  return undefined;
}

function fieldsOf(e: Endpoint): string[] {
  const object = objectOf(e.request);
  if (!object) throw new Error(`${e.path}: request is not an object schema`);
  return Object.keys(object.shape);
}

const issueFields = (e: Endpoint, input: Record<string, unknown>): unknown[] => {
  const parsed = e.request.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.path[0]);
};

/** A field that takes numbers (ids, pages, amounts): a JSON 1 raises no issue on it. */
const takesNumbers = (e: Endpoint, field: string) => !issueFields(e, { [field]: 1 }).includes(field);

const cases = allEndpoints.flatMap((e) => fieldsOf(e).map((field) => [`${e.method} ${e.path}`, field, e] as const));

describe('request fields refuse what the database cannot store', () => {
  it('covers the endpoints of every contract module', () => {
    expect(allEndpoints.length).toBeGreaterThan(40);
    expect(cases.length).toBeGreaterThan(100);
  });

  it.each(cases)('%s %s: a NUL byte or another control character is a field error', (_name, field, e) => {
    for (const value of ['a\u0000b', '\u0000', 'x\u001by', 'x\u007fy']) {
      expect(issueFields(e, { [field]: value })).toContain(field);
    }
  });

  it.each(cases)('%s %s: empty, blank, odd and huge values never break the schema', (_name, field, e) => {
    for (const value of ['', '   ', [], {}, null, true, -1, 1.5, '9'.repeat(400), 'x'.repeat(100_000)]) {
      expect(() => e.request.safeParse({ [field]: value })).not.toThrow();
    }
  });

  it.each(cases.filter(([, field, e]) => takesNumbers(e, field)))(
    '%s %s: a number beyond int32 is a field error',
    (_name, field, e) => {
      const fields = issueFields(e, { [field]: 2 ** 31 });
      const asForm = issueFields(e, { [field]: String(2 ** 31) });
      // Amounts are decimal strings up to 15 integer digits and times are epoch milliseconds:
      // both go beyond int32 by nature and have their own ceilings.
      const isAmount = !issueFields(e, { [field]: '0.5' }).includes(field);
      const isTime = !issueFields(e, { [field]: Date.now() }).includes(field);
      if (isTime) {
        expect(issueFields(e, { [field]: 9e15 })).toContain(field);
      } else if (isAmount) {
        expect(issueFields(e, { [field]: '1'.repeat(16) })).toContain(field);
      } else {
        expect(fields).toContain(field);
        expect(asForm).toContain(field);
      }
    },
  );
});

/** A field's own schema, apart from the rules of its object. */
const fieldSchema = (e: Endpoint, field: string) => objectOf(e.request)!.shape[field] as z.ZodType;

/** The first small whole number a field takes, if it takes any as a number (its integer fields). */
const takenInteger = (schema: z.ZodType): number | undefined =>
  [1, 0, 2, 5, 10, 30, 60, 100, 1000, Date.now()].find((v) => schema.safeParse(v).data === v);

const integerCases = cases.filter(([, field, e]) => takenInteger(fieldSchema(e, field)) !== undefined);

describe('integer request fields take one spelling', () => {
  it('finds the integer fields of the contract', () => {
    const names = integerCases.map(([name, field]) => `${name} ${field}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /lever/submit share',
        'POST /lever/submit multiple',
        'POST /microtrade/submit seconds',
        'GET /coin/list page',
      ]),
    );
    expect(integerCases.length).toBeGreaterThan(150);
  });

  it.each(integerCases)('%s %s: a JSON integer and its digits, nothing else a lenient parse reads', (_n, field, e) => {
    const schema = fieldSchema(e, field);
    const v = takenInteger(schema)!;
    expect(schema.safeParse(String(v)).data).toBe(v);
    const lenient = [
      `0x${v.toString(16)}`,
      `0b${v.toString(2)}`,
      `0o${v.toString(8)}`,
      `${v}e0`,
      `+${v}`,
      `${v}.0`,
      ` ${v} `,
      `0${v}`,
      [v],
      v === 1 ? true : v === 0 ? false : `${v}.`,
      null,
      '',
    ];
    for (const sent of lenient) {
      const parsed = schema.safeParse(sent);
      // Refused, or read as absent (an optional field's empty value); never as a number.
      expect(parsed.success && parsed.data !== undefined, JSON.stringify(sent)).toBe(false);
    }
  });
});

describe('object rules of a request', () => {
  it('judge only fields that parsed: an empty currency on /user/wallet/save is a field error', async () => {
    const { walletSave } = await import('./fund');
    const parsed = walletSave.request.safeParse({
      currency: '',
      name: 'main',
      address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
      network: 'TRC20',
      qrcode: '/api/upload/a.png',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['currency']);
  });
});
