import { useCallback } from 'react';
import { useLingui } from '@lingui/react';
import { toLocale } from '@contract/domain/locales';
import { formatMessage } from '@contract/messages';
import { getContractMessages } from '@/lib/i18n';
import type { ContractMessage } from '../model/labels';

/** Words a contract message in the active language (the catalogue loads with the feature). */
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
