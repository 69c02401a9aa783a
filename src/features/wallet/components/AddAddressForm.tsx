import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { CHAIN_CURRENCIES, CURRENCY_NETWORKS, DEFAULT_NETWORK, walletSave, type ChainCurrency } from '@contract/fund';
import { useSubmit } from '@/lib/submit';
import { useValidator } from '@/lib/validation';
import { saveAddress } from '../api/binding';
import { useStepUp } from '@/components/StepUp';
import { useChosenCoin } from '../hooks/useChosenCoin';
import { useImageUpload } from '@/lib/upload/useImageUpload';
import { ImagePick } from '@/components/ImagePick/ImagePick';
import { PickerField } from './PickerField';
import { TextFields } from './TextFields';
import styles from './wallet.module.css';

/** Binds a withdrawal address: coin, network, a name, the address and its QR image. */
export function AddAddressForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const validate = useValidator();
  const chosen = useChosenCoin();
  const [currency, setCurrency] = useState<ChainCurrency>(chosen);
  const [network, setNetwork] = useState<string>(DEFAULT_NETWORK[currency]);
  const [text, setText] = useState({ name: '', address: '' });
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const qr = useImageUpload();
  const stepUp = useStepUp();

  const { submit, busy } = useSubmit(
    async () => {
      const up = qr.file ? await qr.ensure() : { ref: '' };
      const checked = validate(walletSave.request, { currency, network, ...text, qrcode: up.ref ?? '' });
      if (!checked.ok) return setError(checked);
      setError(null);
      const step_up = await stepUp.confirm('add_address', checked.data);
      if (!step_up) return;
      await saveAddress({ ...checked.data, step_up });
      Toast.show({ icon: 'success', content: t`Address saved` });
      onDone();
    },
    { name: 'wallet address' },
  );

  return (
    <div className={styles.page}>
      <section className={styles.form}>
        <PickerField
          label={t`Currency`}
          value={currency}
          options={CHAIN_CURRENCIES.map((c) => ({ value: c, label: c }))}
          onChange={(v) => {
            setCurrency(v as ChainCurrency);
            setNetwork(DEFAULT_NETWORK[v as ChainCurrency]);
          }}
        />
        <PickerField
          label={t`Network`}
          value={network}
          options={CURRENCY_NETWORKS[currency].map((n) => ({ value: n, label: n }))}
          onChange={setNetwork}
        />
        <TextFields
          fields={[
            { name: 'name', label: t`Address name` },
            { name: 'address', label: t`Address` },
          ]}
          values={text}
          onChange={(k, v) => setText((old) => ({ ...old, [k]: v.trim() }))}
          error={error}
        />
        <ImagePick
          label={t`Wallet QR code`}
          upload={qr}
          error={error?.field === 'qrcode' ? error.message : undefined}
        />
      </section>
      <Button
        className={styles.submit}
        block
        color="primary"
        size="large"
        loading={busy}
        disabled={busy}
        onClick={submit}
      >
        <Trans>Save</Trans>
      </Button>
      {stepUp.sheet}
    </div>
  );
}
