import { useState } from 'react';
import { Button, Dialog, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { DEFAULT_FUND_ACCOUNT, type ChainCurrency, type Network } from '@contract/fund';
import { db } from '@/lib/db';
import { ApiError } from '@/lib/http';
import { reportUnexpected } from '@/lib/submit';
import { languageAtom, tokenAtom, userAtom } from '@/lib/state';
import { useThrottledCallback } from '@/lib/throttle';
import { requestRecharge } from '../api/recharge';
import { mayHaveArrived, useIdempotencyKey } from '@/lib/idempotency';
import { useImageUpload } from '@/lib/upload/useImageUpload';
import { requestOutboxSync } from '@/lib/outbox/page';
import { checkAmount } from '../model/amount';
import { AMOUNT_MESSAGES } from '../model/amountMessages';
import { queueRecharge } from '../model/rechargeQueue';
import { AmountField } from './AmountField';
import { ImagePick } from '@/components/ImagePick/ImagePick';
import { QueuedRecharges } from './QueuedRecharges';
import styles from './wallet.module.css';

/**
 * Amount and payment voucher. Online, the voucher is uploaded with progress and the request sent
 * at once; offline, both wait in the outbox and the service worker sends them later.
 */
export function RechargeForm({ coin, network, onDone }: { coin: ChainCurrency; network: Network; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const voucher = useImageUpload();
  const idem = useIdempotencyKey();
  const token = useAtomValue(tokenAtom);
  const lang = useAtomValue(languageAtom);
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; voucher?: string }>({});
  const [busy, setBusy] = useState(false);

  const fields = (value: string) => ({ amount: value, currency: coin, type: network, account: DEFAULT_FUND_ACCOUNT });

  const queue = async (value: string, file: File, sent?: { voucher: string; key: string }) => {
    const payload = {
      uid,
      token,
      lang,
      image: file,
      fileName: file.name || 'voucher',
      fields: fields(value),
      voucher: sent?.voucher,
    };
    await queueRecharge(db, payload, Date.now(), sent?.key);
    idem.renew();
    await requestOutboxSync();
    Toast.show({ content: t`Saved. It will be sent when the network returns.` });
    setAmount('');
    voucher.clear();
  };

  const submit = useThrottledCallback(async () => {
    if (busy) return;
    const checked = checkAmount(amount);
    const next = {
      amount: checked.ok ? undefined : i18n._(AMOUNT_MESSAGES[checked.problem]),
      voucher: voucher.file ? undefined : t`Please upload payment voucher`,
    };
    setErrors(next);
    if (!checked.ok || !voucher.file) return;
    setBusy(true);
    let sent: { voucher: string; key: string } | undefined;
    try {
      const up = await voucher.ensure();
      if (up.ref === null) {
        if (up.offline) await queue(checked.value, voucher.file);
        return;
      }
      sent = { voucher: up.ref, key: idem.current() };
      await requestRecharge({ ...fields(checked.value), voucher: up.ref }, sent.key);
      idem.renew();
      await Dialog.alert({
        content: t`Recharge request submitted. It will be credited after review.`,
        confirmText: t`OK`,
      });
      onDone();
    } catch (e) {
      // Lost on the way: the voucher is uploaded, so queue the request (same outcome as offline).
      if (mayHaveArrived(e)) await queue(checked.value, voucher.file, sent);
      else idem.renew();
      if (!(e instanceof ApiError)) reportUnexpected(e, 'recharge');
    } finally {
      setBusy(false);
    }
  });

  return (
    <>
      <section className={styles.form}>
        <AmountField label={t`Recharge amount`} value={amount} onChange={setAmount} unit={coin} error={errors.amount} />
        <ImagePick label={t`Payment voucher`} upload={voucher} error={errors.voucher} />
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
        <Trans>Submit recharge</Trans>
      </Button>
      <QueuedRecharges />
    </>
  );
}
