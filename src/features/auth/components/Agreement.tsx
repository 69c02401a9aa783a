import { useState } from 'react';
import { Checkbox, DotLoading, Popup } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { fetchRegisterAgreement } from '../api/agreement';
import styles from './auth.module.css';

interface Props {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}

/** Acceptance of the user agreement, whose text the operator sets on the server. */
export function Agreement({ checked, onChange, error }: Props) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null);

  const show = () => {
    setOpen(true);
    if (text === null) {
      fetchRegisterAgreement().then(
        (setting) => setText(setting.value),
        () => setOpen(false),
      );
    }
  };

  return (
    <div className={styles.agreement}>
      <Checkbox checked={checked} onChange={onChange} style={{ '--icon-size': '18px', '--font-size': '14px' }}>
        <span className={styles.muted}>
          <Trans>I have read and agree to the</Trans>
        </span>
      </Checkbox>
      <button type="button" className={styles.link} onClick={show}>
        <Trans>User agreement</Trans>
      </button>
      {error && (
        <div className={styles.error} role="alert">
          {error}
        </div>
      )}
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        showCloseButton
        bodyClassName={styles.sheet}
      >
        <h2 className={styles.sheetTitle}>{t`User agreement`}</h2>
        {text === null ? <DotLoading color="primary" /> : <p className={styles.sheetText}>{text}</p>}
      </Popup>
    </div>
  );
}
