import { useState } from 'react';
import { Button, Dialog, List, Switch } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom, useAtomValue } from 'jotai';
import { LOCALE_NAMES } from '@contract/domain/locales';
import type { RoutePath } from '@/lib/nav';
import { confirmOrdersAtom, fiatAtom, languageAtom } from '@/lib/state';
import { ABOUT_ENTRIES, ACCOUNT_ENTRIES, visibleEntries, type EntryKey } from '../model/entries';
import { FiatSheet } from './FiatSheet';
import { LanguageSheet } from './LanguageSheet';
import styles from './settings.module.css';

export interface SettingsListProps {
  loggedIn: boolean;
  version?: string;
  onNavigate: (to: RoutePath) => void;
  onLogin: () => void;
  /** Ends the session; the list asks for confirmation first. */
  onLogout: () => Promise<void>;
}

export function SettingsList({ loggedIn, version, onNavigate, onLogin, onLogout }: SettingsListProps) {
  const { t } = useLingui();
  const locale = useAtomValue(languageAtom);
  const [languageOpen, setLanguageOpen] = useState(false);
  const [fiatOpen, setFiatOpen] = useState(false);
  const fiat = useAtomValue(fiatAtom);
  // Spot orders ask for confirmation unless turned off here or on the confirmation itself.
  const [confirmOrders, setConfirmOrders] = useAtom(confirmOrdersAtom);
  const [leaving, setLeaving] = useState(false);

  const labels: Record<EntryKey, string> = {
    profile: t`Personal information`,
    security: t`Security`,
    identity: t`Identity verification`,
    bank: t`Bank cards`,
    wallet: t`Wallet addresses`,
    coupons: t`Coupon centre`,
    alerts: t`Price alerts`,
    share: t`Invite friends`,
    faq: t`Help and FAQ`,
    compliance: t`Operational compliance`,
    contact: t`Contact us`,
    about: t`About us`,
  };

  const confirmLogout = async () => {
    const confirmed = await Dialog.confirm({
      content: t`Do you want to log out of this device?`,
      confirmText: t`Log out`,
      cancelText: t`Cancel`,
    });
    if (!confirmed) return;
    setLeaving(true);
    try {
      await onLogout();
    } finally {
      setLeaving(false);
    }
  };

  return (
    <div className={styles.page}>
      {loggedIn && (
        <List header={t`Account`} className={styles.list}>
          {visibleEntries(ACCOUNT_ENTRIES, loggedIn).map((e) => (
            <List.Item key={e.key} onClick={() => onNavigate(e.to)}>
              {labels[e.key]}
            </List.Item>
          ))}
        </List>
      )}
      <List header={t`General`} className={styles.list}>
        <List.Item extra={LOCALE_NAMES[locale]} onClick={() => setLanguageOpen(true)}>
          <Trans>Language</Trans>
        </List.Item>
        <List.Item extra={fiat.currency_code} onClick={() => setFiatOpen(true)}>
          <Trans>Default fiat currency</Trans>
        </List.Item>
        <List.Item
          extra={
            <Switch checked={confirmOrders} onChange={setConfirmOrders} aria-label={t`Confirm orders before placing`} />
          }
          arrow={false}
        >
          <Trans>Confirm orders before placing</Trans>
        </List.Item>
        {visibleEntries(ABOUT_ENTRIES, loggedIn).map((e) => (
          <List.Item key={e.key} onClick={() => onNavigate(e.to)}>
            {labels[e.key]}
          </List.Item>
        ))}
        {version && (
          <List.Item extra={version} arrow={false}>
            <Trans>Version</Trans>
          </List.Item>
        )}
      </List>
      <div className={styles.actions}>
        {loggedIn ? (
          <Button
            block
            size="large"
            color="danger"
            fill="outline"
            loading={leaving}
            onClick={() => void confirmLogout()}
          >
            <Trans>Log out</Trans>
          </Button>
        ) : (
          <Button block size="large" color="primary" onClick={onLogin}>
            <Trans>Log in or register</Trans>
          </Button>
        )}
      </div>
      <LanguageSheet visible={languageOpen} onClose={() => setLanguageOpen(false)} />
      <FiatSheet visible={fiatOpen} onClose={() => setFiatOpen(false)} />
    </div>
  );
}
