/*
 * The pieces route groups build their search validators from. A link from elsewhere, a stale
 * bookmark or a hand-typed hash may carry anything: every field falls back instead of failing the
 * page. Plain functions behind the Standard Schema interface the router reads (so `to` and
 * `search` stay typed): a schema library here would put its whole core on the first route, shared
 * with the contract's zod.
 */

export type Raw = Record<string, unknown>;

/** A route's search validator: `parse` for code, `~standard` for the router's types. */
export interface SearchValidator<In, Out> {
  parse(input: unknown): Out;
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'h5';
    validate(input: unknown): { value: Out };
    readonly types?: { readonly input: In; readonly output: Out };
  };
}

export function searchValidator<In, Out>(read: (raw: Raw) => Out): SearchValidator<In, Out> {
  const parse = (input: unknown) => read(typeof input === 'object' && input !== null ? (input as Raw) : {});
  return { parse, '~standard': { version: 1, vendor: 'h5', validate: (input) => ({ value: parse(input) }) } };
}

/** The value when it is one of `options`, else undefined. */
export const oneOf = <T extends string>(options: readonly T[], value: unknown): T | undefined =>
  options.find((option) => option === value);

export const matching = (pattern: RegExp, value: unknown): string | undefined =>
  typeof value === 'string' && pattern.test(value) ? value : undefined;

/** Only the keys that hold a value: an absent field is absent, not `undefined`. */
export const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

// Router search parsing turns all-digit values into numbers; a hand-typed id may arrive as either.
export const positiveId = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : undefined;
};

/** A feed time (epoch ms) from a link, else undefined. */
export const epochMs = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
};

/** `?id=`: a positive id, else none. */
export const idSearch = () =>
  searchValidator<{ id?: number }, { id?: number }>((raw) => defined({ id: positiveId(raw.id) }));

export const SYMBOL = /^[A-Za-z0-9]{1,16}\/[A-Za-z0-9]{1,16}$/;
export const DEFAULT_SYMBOL = 'BTC/USDT';

/** `?symbol=`: a pair's symbol, BTC/USDT when absent or malformed. */
export const symbolSearch = () =>
  searchValidator<{ symbol?: string }, { symbol: string }>((raw) => ({
    symbol: matching(SYMBOL, raw.symbol) ?? DEFAULT_SYMBOL,
  }));
