import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OtcOrder } from '@contract/otc';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import confirm from '@/components/ConfirmSheet/confirm.module.css';
import { ImagePick } from '@/components/ImagePick/ImagePick';
import { formatMoney } from '@/lib/format';
import { mayHaveArrived } from '@/lib/idempotency';
import { useMoneyAction } from '@/lib/submit/useMoneyAction';
import { useImageUpload, type ImageUpload } from '@/lib/upload/useImageUpload';
import { sendAppeal, sendCancel, sendPaid, sendRelease } from '../api/otc';
import { orderActions, type OrderAction } from '../model/otc';
import type { PaidQueue } from '../state/usePaidQueue';
import styles from './otc.module.css';

/** Uploads still waiting are sent now; null when one could not be (the sheet says why). */
async function refsOf(uploads: ImageUpload[]): Promise<string[] | null> {
  const refs: string[] = [];
  for (const u of uploads) {
    if (u.status === 'empty') continue;
    const r = await u.ensure();
    if (r.ref === null) return null;
    refs.push(r.ref);
  }
  return refs;
}

/** A proof uploaded with the mark, and its file in case the answer is lost and it must be queued. */
interface SentProof {
  ref: string;
  file: File;
}

/**
 * "I have paid". With a proof image, a network failure does not lose it: the mark and its image
 * go through the outbox (the product's rule for payment proofs) and the order view shows them as
 * waiting. An answer lost after sending is queued with the same key, so it applies once.
 */
function usePaidAction(order: OtcOrder, queue: PaidQueue['queue'], done: (next: OtcOrder) => void, close: () => void) {
  const { t } = useLingui();
  const queued = async (file: File, proof?: string, key?: string) => {
    await queue(file, proof, key);
    Toast.show({ content: t`Saved. It will be sent when the network returns.` });
    close();
  };
  const paid = useMoneyAction(
    async (key, proof?: SentProof) => {
      try {
        return await sendPaid(key, order.id, proof?.ref);
      } catch (e) {
        if (!proof || !mayHaveArrived(e)) throw e;
        await queued(proof.file, proof.ref, key);
        return null;
      }
    },
    (next) => next && done(next),
    { name: 'otc paid', offlineMessage: t`You are offline. Try again when connected.` },
  );
  return { ...paid, queued };
}

/** The caller's buttons on the order, each behind a sheet that says what it does. */
export function OrderActions(props: { order: OtcOrder; onChanged: (order: OtcOrder) => void; paidQueue: PaidQueue }) {
  const { order, onChanged } = props;
  const { t } = useLingui();
  const [acting, setActing] = useState<OrderAction | null>(null);
  // A "paid" waiting in the outbox is this action already taken: not offered twice.
  const waiting = props.paidQueue.entry?.state === 'queued';
  const actions = orderActions(order).filter((a) => !(waiting && a === 'paid'));
  const offlineMessage = t`You are offline. Try again when connected.`;
  const done = (message: string) => (next: OtcOrder) => {
    Toast.show({ icon: 'success', content: message });
    setActing(null);
    onChanged(next);
  };
  const paid = usePaidAction(order, props.paidQueue.queue, done(t`Marked as paid`), () => setActing(null));
  const cancel = useMoneyAction((key) => sendCancel(key, order.id), done(t`Order cancelled`), {
    name: 'otc cancel',
    offlineMessage,
  });
  const release = useMoneyAction((key) => sendRelease(key, order.id), done(t`Coins released`), {
    name: 'otc release',
    offlineMessage,
  });
  const appeal = useMoneyAction(
    (key, text: string, images: string[]) => sendAppeal(key, order.id, text, images),
    done(t`Appeal submitted`),
    { name: 'otc appeal', offlineMessage },
  );
  if (actions.length === 0) return null;
  const labels: Record<OrderAction, string> = {
    paid: t`I have paid`,
    cancel: t`Cancel order`,
    release: t`Release coins`,
    appeal: t`Appeal`,
  };
  const coins = `${formatMoney(order.quantity, order.coin)} ${order.coin}`;
  const fiat = `${formatMoney(order.fiat_amount, order.fiat)} ${order.fiat}`;
  return (
    <>
      <div className={styles.actions}>
        {actions.map((a) => (
          <button
            key={a}
            type="button"
            className={a === 'cancel' || a === 'appeal' ? styles.secondary : styles.primary}
            onClick={() => setActing(a)}
            data-testid={`otc-action-${a}`}
          >
            {labels[a]}
          </button>
        ))}
      </div>
      {acting === 'paid' && (
        <PaidSheet
          fiat={fiat}
          busy={paid.busy}
          onClose={() => setActing(null)}
          onPaid={(p) => void paid.submit(p)}
          onQueue={paid.queued}
        />
      )}
      <ConfirmSheet
        open={acting === 'cancel'}
        title={t`Cancel order`}
        busy={cancel.busy}
        danger
        onConfirm={() => void cancel.submit()}
        onClose={() => setActing(null)}
        confirmTestId="otc-confirm-cancel"
      >
        <p className={styles.hint}>
          <Trans>Cancel only if you have not paid: the seller's {coins} leave escrow and the order ends.</Trans>
        </p>
      </ConfirmSheet>
      <ConfirmSheet
        open={acting === 'release'}
        title={t`Release coins`}
        busy={release.busy}
        onConfirm={() => void release.submit()}
        onClose={() => setActing(null)}
        confirmTestId="otc-confirm-release"
      >
        <dl className={confirm.confirmList}>
          <dt>
            <Trans>Buyer</Trans>
          </dt>
          <dd>{order.buyer.nickname}</dd>
          <dt>
            <Trans>Coins released</Trans>
          </dt>
          <dd>{coins}</dd>
          <dt>
            <Trans>Payment to check</Trans>
          </dt>
          <dd>{fiat}</dd>
        </dl>
        <p className={styles.hint}>
          <Trans>Release only after {fiat} has arrived in your account. A release cannot be undone.</Trans>
        </p>
      </ConfirmSheet>
      {acting === 'appeal' && (
        <AppealSheet
          busy={appeal.busy}
          onClose={() => setActing(null)}
          onAppeal={(text, images) => void appeal.submit(text, images)}
        />
      )}
    </>
  );
}

function PaidSheet(props: {
  fiat: string;
  busy: boolean;
  onClose: () => void;
  onPaid: (proof?: SentProof) => void;
  onQueue: (image: File, proof?: string) => Promise<void>;
}) {
  const { t } = useLingui();
  const proof = useImageUpload();
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);
  const queue = async (file: File, ref?: string) => {
    setSaving(true);
    await props.onQueue(file, ref).finally(() => setSaving(false));
  };
  const submit = async () => {
    const file = proof.file;
    if (!file) return props.onPaid();
    // Offline with a proof: it waits in the outbox instead of being refused.
    if (!navigator.onLine) return queue(file, proof.ref || undefined);
    const up = await proof.ensure();
    if (up.ref !== null) return props.onPaid({ ref: up.ref, file });
    if (up.offline) return queue(file);
    setProblem(t`The image could not be uploaded. Choose it again or remove it.`);
  };
  return (
    <ConfirmSheet
      open
      title={t`Mark as paid`}
      busy={props.busy || saving || proof.status === 'uploading'}
      onConfirm={() => void submit()}
      onClose={props.onClose}
      confirmTestId="otc-confirm-paid"
    >
      <p className={styles.hint}>
        <Trans>Confirm that you have paid {props.fiat} to the seller's account shown on the order.</Trans>
      </p>
      <ImagePick label={t`Payment proof (optional)`} upload={proof} error={problem || undefined} />
    </ConfirmSheet>
  );
}

function AppealSheet(props: {
  busy: boolean;
  onClose: () => void;
  onAppeal: (text: string, images: string[]) => void;
}) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const a = useImageUpload();
  const b = useImageUpload();
  const c = useImageUpload();
  const uploads = [a, b, c];
  const submit = async () => {
    if (!text.trim()) return setProblem(t`Describe the problem`);
    const refs = await refsOf(uploads);
    if (refs === null) return setProblem(t`An image could not be uploaded. Choose it again.`);
    props.onAppeal(text.trim(), refs);
  };
  return (
    <ConfirmSheet
      open
      title={t`Appeal`}
      busy={props.busy || uploads.some((u) => u.status === 'uploading')}
      onConfirm={() => void submit()}
      onClose={props.onClose}
      confirmTestId="otc-confirm-appeal"
    >
      <p className={styles.hint}>
        <Trans>The order is frozen while staff review both sides, the chat and your images.</Trans>
      </p>
      <label className={styles.label} htmlFor="otc-appeal-text">
        <Trans>What went wrong</Trans>
      </label>
      <textarea
        id="otc-appeal-text"
        className={styles.textarea}
        maxLength={1000}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {problem && <p className={styles.error}>{problem}</p>}
      <div className={styles.row}>
        {uploads.map((u, i) => (
          <ImagePick key={i} label={t`Image ${i + 1}`} upload={u} />
        ))}
      </div>
    </ConfirmSheet>
  );
}
