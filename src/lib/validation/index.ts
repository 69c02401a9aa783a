import { useCallback } from 'react';
import type { z } from 'zod';
import { useLingui } from '@lingui/react';
import { toLocale } from '@contract/domain/locales';
import { formatMessage, type MessageKey } from '@contract/messages';
import { getContractMessages } from '../i18n';
import { validateWith, type Validation } from './validate';

export { validateWith, type Validation };

/**
 * Form validation with the same zod rules the server applies, localized from the contract
 * catalogue of the active locale. Re-renders with the new language when the locale changes.
 */
export function useValidator() {
  const { i18n } = useLingui();
  const locale = toLocale(i18n.locale);
  return useCallback(
    <S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>> =>
      validateWith(getContractMessages(locale), schema, values),
    [locale],
  );
}

/** A contract message (contract/messages) and its values, as the server would word a refusal. */
export interface ContractMessage {
  key: MessageKey;
  values: Record<string, string>;
}

/**
 * Words a contract message in the active language, so a form's refusal reads exactly like the
 * server's (the catalogue loads with the feature).
 */
export function useContractMessage() {
  const { i18n } = useLingui();
  const locale = toLocale(i18n.locale);
  return useCallback(
    ({ key, values }: ContractMessage) => {
      const catalog = getContractMessages(locale);
      return catalog ? formatMessage(catalog, key, values) : key;
    },
    [locale],
  );
}
