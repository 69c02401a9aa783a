import type { FastifyLoggerOptions, FastifyServerOptions } from 'fastify';

/**
 * Failed queries must not put what users typed into the logs: drizzle's `DrizzleQueryError`
 * carries the bound `params` (bank card numbers, names, addresses) in a property and in its
 * message and stack, and PostgreSQL's errors echo values in `detail` ("Key (x)=(...) already
 * exists") in `detail`, `where` and, for data errors, the message. The logger's `err` serializer
 * passes every logged error through here.
 */
const VALUE_KEYS = new Set(['params', 'parameters', 'detail', 'where']);
const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n {4}at |$)/g;
// PostgreSQL data errors (SQLSTATE class 22) quote the offending value in their message:
// 'value "4111..." is out of range for type integer', 'invalid input syntax for type ...: "x"'.
const QUOTED = /"[^"\n]*"/g;

function scrubText(text: string, quotesAreValues: boolean): string {
  const withoutParams = text.replace(PARAMS_LINE, '\nparams: [redacted]');
  return quotesAreValues ? withoutParams.replace(QUOTED, '"[redacted]"') : withoutParams;
}

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value, false);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const record = value as Record<string, unknown>;
  const dataError = typeof record.code === 'string' && record.code.startsWith('22');
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(record)) {
    if (VALUE_KEYS.has(key)) out[key] = '[redacted]';
    else if (typeof v === 'string') out[key] = scrubText(v, dataError);
    else out[key] = scrub(v, depth + 1);
  }
  return out;
}

/** An error as plain data: type, message, stack, its own properties and its cause. */
function plain(err: unknown, depth: number): unknown {
  if (!(err instanceof Error) || depth > 4) return err;
  const own: Record<string, unknown> = { ...(err as unknown as Record<string, unknown>) };
  return {
    ...own,
    type: err.constructor.name,
    message: err.message,
    stack: err.stack,
    ...(err.cause !== undefined ? { cause: plain(err.cause, depth + 1) } : {}),
  };
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** Fastify's logger `serializers.err`. */
export function redactedErrorSerializer(err: unknown): SerializedError {
  return scrub(plain(err, 0), 0) as SerializedError;
}

type LoggerOption = FastifyServerOptions['logger'];

/**
 * Fastify's logger option with the redacting `err` serializer added; a ready logger instance or
 * `false` is passed through as it is.
 */
export function withRedactedErrors(logger: LoggerOption): LoggerOption {
  if (logger === undefined || logger === null || typeof logger !== 'object') return logger;
  if ('info' in logger && typeof logger.info === 'function') return logger;
  const options = logger as FastifyLoggerOptions;
  return { ...options, serializers: { ...options.serializers, err: redactedErrorSerializer } };
}
