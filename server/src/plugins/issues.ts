import { isMessageKey } from '@contract/messages/index';
import en from '@contract/messages/en';

/** What a validator reported about one input problem (fastify-type-provider-zod's shape). */
export interface ReportedIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

export interface IssueMessage {
  key: string;
  field?: string;
}

const absent = (v: unknown) => v === undefined || v === null;

/**
 * Turns the first validation issue into a catalogue key and the field at fault. Contract rules
 * already carry keys as messages; zod's built-in issues (wrong type, too long, unknown key ...)
 * are mapped here. A wrong type on a field that was sent is "invalid", not "required".
 */
export function describeIssue(issue: ReportedIssue, input: unknown): IssueMessage {
  const path = issue.instancePath.split('/').filter(Boolean);
  const keys = issue.params?.keys;
  const field =
    issue.keyword === 'unrecognized_keys' && Array.isArray(keys) && typeof keys[0] === 'string' ? keys[0] : path[0];
  if (field === undefined) return { key: 'parameter_error' };
  const value = input && typeof input === 'object' ? (input as Record<string, unknown>)[field] : undefined;

  if (issue.keyword === 'invalid_type') {
    if (absent(value)) return { key: 'field_required', field };
    const key = issue.message && issue.message !== 'field_required' ? issue.message : 'field_invalid';
    return { key: isMessageKey(en, key) ? key : 'field_invalid', field };
  }
  if (issue.message && isMessageKey(en, issue.message)) return { key: issue.message, field };
  switch (issue.keyword) {
    case 'too_small':
      return { key: issue.params?.minimum === 1 ? 'field_required' : 'field_invalid', field };
    case 'too_big':
      return { key: 'field_too_long', field };
    default:
      return { key: 'field_invalid', field };
  }
}
