import { Button, Radio, Space } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { WalletAddress, WithdrawMethod } from '@contract/fund';
import { FormField } from '@/components/FormField';
import { pages, type RoutePath } from '@/lib/nav';
import styles from './wallet.module.css';

interface WithdrawTargetProps {
  method: WithdrawMethod;
  addresses: WalletAddress[] | undefined;
  addressId: number | null;
  onAddress: (id: number) => void;
  /** The bound card's masked number or account, or null when none is bound. */
  card: string | null | undefined;
  onBind: (to: RoutePath) => void;
  error?: string;
}

const mask = (n: string) => (n.length > 8 ? `${n.slice(0, 4)} **** ${n.slice(-4)}` : n);

/** Where the money goes: one of the bound addresses, or the bound card of the chosen kind. */
export function WithdrawTarget({ method, addresses, addressId, onAddress, card, onBind, error }: WithdrawTargetProps) {
  const { t } = useLingui();
  const bindPath = {
    address: pages.setting.addWallet,
    bank: pages.setting.bank,
    international: pages.setting.bank_international,
  }[method];
  let body;
  if (method === 'address') {
    body =
      addresses && addresses.length > 0 ? (
        <Radio.Group value={addressId ?? undefined} onChange={(v) => onAddress(Number(v))}>
          <Space direction="vertical" block>
            {addresses.map((a) => (
              <Radio key={a.id} value={a.id} className={styles.radio}>
                <span className={styles.recordTitle}>
                  {a.name} · {a.network}
                </span>
                <div className={styles.addressSmall}>{a.address}</div>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      ) : (
        <div className={styles.hint}>
          <Trans>No withdrawal address yet</Trans>
        </div>
      );
  } else {
    body = card ? (
      <div className={styles.recordTitle}>{mask(card)}</div>
    ) : (
      <div className={styles.hint}>{t`Please add a bank card`}</div>
    );
  }
  return (
    <FormField label={method === 'address' ? t`Withdrawal address` : t`Bank card`} error={error}>
      {body}
      <Button size="small" fill="none" color="primary" onClick={() => onBind(bindPath)} className={styles.bind}>
        {method === 'address' ? t`Add address` : card ? t`Change card` : t`Add bank card`}
      </Button>
      {method === 'international' && (
        <div className={styles.hint}>
          <Trans>SWIFT transfers take 5-7 business days to arrive.</Trans>
        </div>
      )}
    </FormField>
  );
}
