import { Tabs } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { AccountType } from '@contract/auth';
import styles from './auth.module.css';

interface Props {
  value: AccountType;
  onChange: (type: AccountType) => void;
}

export function AccountTypeTabs({ value, onChange }: Props) {
  const { t } = useLingui();
  return (
    <Tabs
      className={styles.tabs}
      activeKey={value}
      activeLineMode="fixed"
      onChange={(key) => onChange(key === 'mobile' ? 'mobile' : 'email')}
    >
      <Tabs.Tab key="email" title={t`Email`} />
      <Tabs.Tab key="mobile" title={t`Mobile`} />
    </Tabs>
  );
}
