import type en from './en';
import type { Locale } from '../domain/locales';

export type MessageKey = keyof (typeof en)['messages'];
export type FieldKey = keyof (typeof en)['fields'];

/** What every locale file provides: every message and every field label. */
export interface Messages {
  messages: Record<MessageKey, string>;
  fields: Record<FieldKey, string>;
}

export function isMessageKey(catalog: Messages, key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(catalog.messages, key);
}

/** Replaces `{name}` placeholders; unknown placeholders are left visible rather than dropped. */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * Formats a message key for a locale. A field name that has no label falls back to the raw
 * name, so a message always says which field is at fault.
 */
export function formatMessage(catalog: Messages, key: string, values: Record<string, string | number> = {}): string {
  const template = isMessageKey(catalog, key) ? catalog.messages[key] : catalog.messages.parameter_error;
  const field = values.field;
  const label =
    typeof field === 'string' && Object.prototype.hasOwnProperty.call(catalog.fields, field)
      ? catalog.fields[field as FieldKey]
      : field;
  return interpolate(template, label === undefined ? values : { ...values, field: label });
}

export const loadMessages: Record<Locale, () => Promise<{ default: Messages }>> = {
  zh: () => import('./zh'),
  en: () => import('./en'),
  hk: () => import('./hk'),
  th: () => import('./th'),
  jp: () => import('./jp'),
  kor: () => import('./kor'),
  fra: () => import('./fra'),
  spa: () => import('./spa'),
};
