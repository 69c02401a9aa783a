import type { z } from 'zod';
import { formatMessage, type Messages } from '@contract/messages';

export type Validation<T> = { ok: true; data: T } | { ok: false; field: string; message: string };

/**
 * Checks values against a contract schema and reports the first problem with its field and a
 * message in the catalogue's language. Without a catalogue (not loaded yet) the key is shown,
 * which still names the rule that failed.
 */
export function validateWith<S extends z.ZodType>(
  catalog: Messages | undefined,
  schema: S,
  values: unknown,
): Validation<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path[0] === undefined ? '' : String(issue.path[0]);
  const key = issue?.message ?? 'parameter_error';
  const message = catalog ? formatMessage(catalog, key, { field }) : key;
  return { ok: false, field, message };
}
