import { useCallback, useEffect, useRef, useState } from 'react';
import { Toast } from 'antd-mobile';
import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import { Trans, useLingui } from '@lingui/react/macro';
import { OPEN_ORDER_STATES, type OtcMessage, type OtcOrder } from '@contract/otc';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { useSubmit } from '@/lib/submit';
import { useImageUpload } from '@/lib/upload/useImageUpload';
import { fetchMessages, sendMessage } from '../api/otc';
import { OrderImage } from './OrderImage';
import styles from './otc.module.css';

const POLL_MS = 5000;

/** The order's chat between buyer and seller: new messages every few seconds while it is open. */
export function OrderChat({ order, me }: { order: OtcOrder; me: number }) {
  const { t } = useLingui();
  const [messages, setMessages] = useState<OtcMessage[]>([]);
  const [draft, setDraft] = useState('');
  const upload = useImageUpload();
  const last = useRef(0);
  const open = OPEN_ORDER_STATES.includes(order.status);
  const pull = useCallback(async () => {
    const fresh = await fetchMessages(order.id, last.current);
    if (fresh.length === 0) return;
    last.current = fresh[fresh.length - 1]!.id;
    setMessages((m) => [...m, ...fresh.filter((x) => !m.some((y) => y.id === x.id))]);
  }, [order.id]);
  useEffect(() => {
    const tick = () => void pull().catch((error: unknown) => console.warn('otc chat not refreshed', error));
    const first = setTimeout(tick, 0);
    // A finished order's chat is read once; an open one keeps arriving.
    const timer = open ? setInterval(tick, POLL_MS) : undefined;
    return () => {
      clearTimeout(first);
      if (timer) clearInterval(timer);
    };
  }, [pull, open]);
  const send = useSubmit(
    async () => {
      const image = upload.status === 'empty' ? undefined : await upload.ensure();
      if (image && image.ref === null) {
        // The picked image stays: the user sends again once connected, or removes it.
        if (image.offline) Toast.show({ content: t`You are offline. Try again when connected.` });
        return;
      }
      await sendMessage(order.id, draft.trim(), image?.ref ?? undefined);
      setDraft('');
      upload.clear();
      await pull();
    },
    { name: 'otc chat send' },
  );
  const other = order.my_side === 'buy' ? order.seller.nickname : order.buyer.nickname;
  const locale = activeBcp47();
  return (
    <section className={styles.section} aria-label={t`Chat`}>
      <h3 className={styles.sectionTitle}>
        <Trans>Chat with {other}</Trans>
      </h3>
      {messages.length === 0 ? (
        <p className={styles.hint}>
          <Trans>No messages yet.</Trans>
        </p>
      ) : (
        <ul className={styles.chat} data-testid="otc-chat">
          {messages.map((m) => (
            <li key={m.id} className={`${styles.bubble} ${m.sender_id === me ? styles.mine : ''}`}>
              {m.text}
              {m.image && <OrderImage orderId={order.id} image={m.image} alt={t`Attached image`} />}
              <span className={styles.when}>{formatDateTime(m.created_at, locale)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.composer}>
        <label className={styles.pick} aria-label={t`Add an image`}>
          {upload.preview ? <img className={styles.image} src={upload.preview} alt="" /> : <PictureOutline />}
          <input
            type="file"
            accept="image/*"
            className={styles.fileInput}
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) upload.pick(f);
              e.target.value = '';
            }}
          />
        </label>
        <input
          className={styles.input}
          aria-label={t`Message`}
          value={draft}
          maxLength={1000}
          onChange={(e) => setDraft(e.target.value)}
          data-testid="otc-chat-input"
        />
        <button
          type="button"
          className={styles.primary}
          disabled={send.busy || (draft.trim() === '' && upload.status === 'empty')}
          onClick={() => void send.submit()}
          data-testid="otc-chat-send"
        >
          <Trans>Send</Trans>
        </button>
      </div>
      {upload.status === 'failed' && (
        <p className={styles.error}>
          <Trans>Upload failed. Choose the image again.</Trans>
        </p>
      )}
    </section>
  );
}
