import { useState } from 'react';
import GlobalOutline from 'antd-mobile-icons/es/GlobalOutline';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { LOCALE_NAMES } from '@contract/domain/locales';
import { languageAtom } from '@/lib/state';
import { LanguageSheet } from './LanguageSheet';
import styles from './settings.module.css';

/** A compact language switch for pages used before signing in (login, register). */
export function LanguageButton() {
  const { t } = useLingui();
  const locale = useAtomValue(languageAtom);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.languageButton}
        onClick={() => setOpen(true)}
        aria-label={t`Language: ${LOCALE_NAMES[locale]}`}
      >
        <GlobalOutline fontSize={20} aria-hidden />
      </button>
      <LanguageSheet visible={open} onClose={() => setOpen(false)} />
    </>
  );
}
