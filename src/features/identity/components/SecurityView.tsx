import { useState } from 'react';
import { List, Popup } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { pages, type GoTo } from '@/lib/nav';
import { userAtom } from '@/lib/state';
import { BindMobileForm } from './BindMobileForm';
import { StayLoggedIn } from './StayLoggedIn';
import styles from './identity.module.css';

/**
 * Passwords and bindings of the account; an unbound mobile number is bound in a sheet. (The
 * signed-in devices are in the security centre, `src/features/security`.) Offline (`readOnly`)
 * the saved bindings show and nothing is changed here.
 */
export function SecurityView({ onNavigate, readOnly = false }: { onNavigate: (to: GoTo) => void; readOnly?: boolean }) {
  const { t } = useLingui();
  const user = useAtomValue(userAtom);
  const [bindingMobile, setBindingMobile] = useState(false);
  const notBound = <span className={styles.unbound}>{t`Not bound`}</span>;
  const email = user?.email ?? '';
  const mobile = user?.phone ? `+${user.area_code} ${user.phone}` : '';

  return (
    <div className={styles.page}>
      <List className={styles.list}>
        <List.Item onClick={() => onNavigate(pages.setting.password)}>
          <Trans>Login password</Trans>
        </List.Item>
        <List.Item onClick={() => onNavigate(pages.setting.payPassword)}>
          <Trans>Payment password</Trans>
        </List.Item>
        <List.Item
          extra={email ? <span className={styles.bound}>{email}</span> : notBound}
          onClick={email ? undefined : () => onNavigate(pages.setting.addEmail)}
          arrowIcon={!email}
        >
          <Trans>Bind email</Trans>
        </List.Item>
        <List.Item
          extra={mobile ? <span className={styles.bound}>{mobile}</span> : notBound}
          onClick={mobile || readOnly ? undefined : () => setBindingMobile(true)}
          disabled={readOnly && !mobile}
          arrowIcon={!mobile}
        >
          <Trans>Bind mobile number</Trans>
        </List.Item>
      </List>
      <StayLoggedIn disabled={readOnly} />
      <Popup
        visible={bindingMobile}
        onMaskClick={() => setBindingMobile(false)}
        onClose={() => setBindingMobile(false)}
        bodyClassName={styles.sheet}
        showCloseButton
        destroyOnClose
      >
        <div role="dialog" aria-label={t`Bind mobile number`}>
          <h2 className={styles.sheetTitle}>
            <Trans>Bind mobile number</Trans>
          </h2>
          <BindMobileForm onDone={() => setBindingMobile(false)} />
        </div>
      </Popup>
    </div>
  );
}
