import { useState } from 'react';
import { CheckList, Popup, Toast } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { BCP47, LOCALES, LOCALE_NAMES, isLocale } from '@contract/domain/locales';
import { languageAtom } from '@/lib/state';
import { useChangeLanguage } from '../hooks/useChangeLanguage';
import styles from './settings.module.css';

interface Props {
  visible: boolean;
  onClose: () => void;
}

/** The eight languages, each named in its own language so anyone can find theirs. */
export function LanguageSheet({ visible, onClose }: Props) {
  const { t } = useLingui();
  const current = useAtomValue(languageAtom);
  const changeLanguage = useChangeLanguage();
  const [busy, setBusy] = useState(false);

  const choose = async (value: unknown) => {
    if (!isLocale(value) || value === current || busy) return onClose();
    setBusy(true);
    try {
      await changeLanguage(value);
      onClose();
    } catch {
      Toast.show({ icon: 'fail', content: t`The language could not be loaded. Please try again.` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet} showCloseButton>
      <h2 className={styles.sheetTitle}>{t`Language`}</h2>
      <CheckList value={[current]} onChange={(values) => void choose(values[0] ?? current)} disabled={busy}>
        {LOCALES.map((locale) => (
          <CheckList.Item key={locale} value={locale}>
            <span lang={BCP47[locale]}>{LOCALE_NAMES[locale]}</span>
          </CheckList.Item>
        ))}
      </CheckList>
    </Popup>
  );
}
