import { useEffect, useState } from 'react';
import { DotLoading, ErrorBlock, Button } from 'antd-mobile';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import * as contract from '@contract/support';
import type { SupportMessage } from '@contract/support';
import { NavBar } from '@/components/NavBar';
import { formatDateTime } from '@/lib/format';
import { call } from '@/lib/http';
import { activeBcp47 } from '@/lib/i18n';
import { onSupportEvent } from '@/lib/realtime';
import { tokenAtom } from '@/lib/state';
import { useSubmit } from '@/lib/submit';
import { useImageUpload } from '@/lib/upload/useImageUpload';
import { usePrivateImage } from '../state/privateImage';
import { useThread } from '../state/thread';
import { Composer, Thread } from './ChatRoom';
import styles from './support.module.css';

/**
 * Customer service (`kefu/index`): the user's conversation with staff, text and one image per
 * message, live over socket.io; opening it marks staff answers read.
 */
export function SupportChat({ onLogin, onChatRoom }: { onLogin: () => void; onChatRoom: () => void }) {
  const { t } = useLingui();
  const token = useAtomValue(tokenAtom);
  const chatLink = (
    <button type="button" className={styles.navAction} onClick={onChatRoom} data-testid="open-chat-room">
      <Trans>Chat room</Trans>
    </button>
  );
  if (!token) {
    return (
      <div className={styles.page}>
        <NavBar title={t`Customer service`} right={chatLink} />
        <ErrorBlock
          status="empty"
          title={t`Sign in to talk to customer service`}
          description={t`Our team answers here, usually within a few hours.`}
        >
          <Button color="primary" onClick={onLogin} className={styles.button}>
            <Trans>Log in</Trans>
          </Button>
        </ErrorBlock>
      </div>
    );
  }
  return <Conversation token={token} chatLink={chatLink} />;
}

function Conversation({ token, chatLink }: { token: string; chatLink: React.ReactNode }) {
  const { t } = useLingui();
  const thread = useThread<SupportMessage>((beforeId) =>
    call(contract.supportMessages, beforeId ? { before_id: beforeId } : {}, { silent: beforeId === undefined }),
  );
  const { refresh } = thread;

  // Reading the conversation reads the answers: on opening and on every live answer.
  const markRead = () =>
    void call(contract.supportRead, {}, { silent: true }).catch((e: unknown) =>
      console.warn('support: read not marked', e),
    );
  useEffect(markRead, []);
  useEffect(
    () =>
      onSupportEvent(token, (event) => {
        refresh()
          .then(() => {
            if (event.from_staff) markRead();
          })
          .catch((error: unknown) => console.warn('support: conversation not refreshed', error));
      }),
    [token, refresh],
  );

  const [draft, setDraft] = useState('');
  const upload = useImageUpload();
  const send = useSubmit(
    async () => {
      const content = draft.trim();
      let image: string | undefined;
      if (upload.status !== 'empty') {
        const ensured = await upload.ensure();
        if (!ensured.ref) return;
        image = ensured.ref;
      }
      if (!content && !image) return;
      const message = await call(contract.supportSend, {
        ...(content ? { content } : {}),
        ...(image ? { image } : {}),
      });
      thread.add(message);
      setDraft('');
      upload.clear();
    },
    { name: 'support-send' },
  );

  const bcp47 = activeBcp47();
  return (
    <div className={styles.page}>
      <NavBar title={t`Customer service`} right={chatLink} />
      <p className={styles.notice}>
        <Trans>
          Write to our team here: text and one image per message. Answers arrive here, and as a notification when the
          app is closed.
        </Trans>
      </p>
      <Thread
        status={thread.status}
        onRetry={thread.retry}
        empty={t`No messages yet. How can we help?`}
        count={thread.items.length}
      >
        {thread.more && (
          <button
            type="button"
            className={styles.older}
            onClick={() => void thread.loadOlder()}
            disabled={thread.loadingOlder}
          >
            {thread.loadingOlder ? <DotLoading color="primary" /> : <Trans>Earlier messages</Trans>}
          </button>
        )}
        <ul className={styles.messages} data-testid="support-messages">
          {thread.items.map((m) => (
            <li
              key={m.id}
              className={m.from_staff ? styles.message : `${styles.message} ${styles.own}`}
              data-testid={m.from_staff ? 'support-staff-message' : 'support-user-message'}
            >
              <div className={styles.author}>
                <span>{m.from_staff ? t`Customer service` : t`You`}</span>
                <time dateTime={new Date(m.created_at).toISOString()}>{formatDateTime(m.created_at, bcp47)}</time>
              </div>
              <div className={styles.bubble}>
                {m.image && <MessageImage ref_={m.image} />}
                {m.content && <span>{m.content}</span>}
              </div>
            </li>
          ))}
        </ul>
      </Thread>
      <Composer
        value={draft}
        max={contract.SUPPORT_MAX}
        busy={send.busy}
        onChange={setDraft}
        onSend={() => void send.submit()}
        placeholder={t`Describe your question`}
        canSend={draft.trim().length > 0 || upload.status !== 'empty'}
        before={<AttachImage upload={upload} />}
      />
    </div>
  );
}

function MessageImage({ ref_ }: { ref_: string }) {
  const { t } = useLingui();
  const image = usePrivateImage(ref_);
  if (image.failed) return <span className={styles.imageFailed}>{t`Image unavailable`}</span>;
  if (!image.url) return <span className={styles.imageLoading} aria-label={t`Loading image`} />;
  return <img className={styles.image} src={image.url} alt={t`Attached image`} data-testid="support-message-image" />;
}

/** The image to send with the next message: pick one, or its preview with upload progress. */
function AttachImage({ upload }: { upload: ReturnType<typeof useImageUpload> }) {
  const { t } = useLingui();
  return (
    <div className={styles.attach}>
      {upload.preview ? (
        <div className={styles.preview}>
          <img src={upload.preview} alt={t`Image to send`} />
          {upload.status === 'uploading' && (
            <span className={styles.progress}>{Math.round(upload.progress * 100)}%</span>
          )}
          <button type="button" className={styles.unpick} onClick={upload.clear} aria-label={t`Remove the image`}>
            <CloseOutline />
          </button>
        </div>
      ) : (
        <label className={styles.pick} aria-label={t`Add an image`}>
          <PictureOutline fontSize={22} />
          <input
            type="file"
            accept="image/*"
            className={styles.fileInput}
            data-testid="support-image"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) upload.pick(f);
              e.target.value = '';
            }}
          />
        </label>
      )}
    </div>
  );
}
