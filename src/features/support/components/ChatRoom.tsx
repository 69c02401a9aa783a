import { useEffect, useState } from 'react';
import { Button, DotLoading, ErrorBlock, TextArea } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import * as contract from '@contract/support';
import type { ChatMessage } from '@contract/support';
import { NavBar } from '@/components/NavBar';
import { formatDateTime } from '@/lib/format';
import { call } from '@/lib/http';
import { activeBcp47 } from '@/lib/i18n';
import { onChatEvent } from '@/lib/realtime';
import { tokenAtom, userAtom } from '@/lib/state';
import { useSubmit } from '@/lib/submit';
import { useThread } from '../state/thread';
import styles from './support.module.css';

/**
 * The public chat room (`kefu/index?view=chat`): signed-in users read and post plain text (shown
 * as text, never as HTML), live over socket.io; staff moderate from the console.
 */
export function ChatRoom({ onLogin }: { onLogin: () => void }) {
  const { t } = useLingui();
  const token = useAtomValue(tokenAtom);
  if (!token) {
    return (
      <div className={styles.page}>
        <NavBar title={t`Chat room`} />
        <ErrorBlock
          status="empty"
          title={t`Sign in to join the chat room`}
          description={t`Only signed-in users can read and post.`}
        >
          <Button color="primary" onClick={onLogin} className={styles.button}>
            <Trans>Log in</Trans>
          </Button>
        </ErrorBlock>
      </div>
    );
  }
  return <Room token={token} />;
}

function Room({ token }: { token: string }) {
  const { t } = useLingui();
  const me = useAtomValue(userAtom);
  const [mutedUntil, setMutedUntil] = useState<number | null>(null);
  const thread = useThread<ChatMessage>(async (beforeId) => {
    const page = await call(contract.chatHistory, beforeId ? { before_id: beforeId } : {}, {
      silent: beforeId === undefined,
    });
    setMutedUntil(page.muted_until);
    return page;
  });
  const { add, remove } = thread;

  useEffect(
    () =>
      onChatEvent(token, (event) => {
        if (event.type === 'chat_message') add(event.message);
        else remove(event.id);
      }),
    [token, add, remove],
  );

  const [draft, setDraft] = useState('');
  const send = useSubmit(
    async () => {
      const content = draft.trim();
      if (!content) return;
      const message = await call(contract.chatSend, { content });
      add(message);
      setDraft('');
    },
    { name: 'chat-send' },
  );

  // The server answers a mute only while it lasts.
  const muted = mutedUntil !== null;
  const bcp47 = activeBcp47();

  return (
    <div className={styles.page}>
      <NavBar title={t`Chat room`} />
      <p className={styles.notice}>
        <Trans>A public room for everyone signed in. Be kind; staff remove abuse and can mute.</Trans>
      </p>
      <Thread
        status={thread.status}
        onRetry={thread.retry}
        empty={t`No messages yet. Say hello!`}
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
        {!thread.more && thread.items.length > 0 && (
          <p className={styles.noMore}>
            <Trans>No more data</Trans>
          </p>
        )}
        <ul className={styles.messages} data-testid="chat-messages">
          {thread.items.map((m) => {
            const own = m.user_id === me?.id;
            return (
              <li
                key={m.id}
                className={own ? `${styles.message} ${styles.own}` : styles.message}
                data-testid="chat-message"
              >
                <div className={styles.author}>
                  <span>{m.name}</span>
                  {m.staff && (
                    <span className={styles.staffTag}>
                      <Trans>Staff</Trans>
                    </span>
                  )}
                  <time dateTime={new Date(m.created_at).toISOString()}>{formatDateTime(m.created_at, bcp47)}</time>
                </div>
                <div className={styles.bubble}>{m.content}</div>
              </li>
            );
          })}
        </ul>
      </Thread>
      {muted ? (
        <p className={styles.muted} role="status" data-testid="chat-muted">
          <Trans>You are muted until {formatDateTime(mutedUntil ?? 0, bcp47)}.</Trans>
        </p>
      ) : (
        <Composer
          value={draft}
          max={contract.CHAT_MAX}
          busy={send.busy}
          onChange={setDraft}
          onSend={() => void send.submit()}
          placeholder={t`Message the room`}
          canSend={draft.trim().length > 0}
        />
      )}
    </div>
  );
}

export function Thread({
  status,
  onRetry,
  empty,
  children,
  count,
}: {
  status: 'loading' | 'ready' | 'failed';
  onRetry: () => void;
  empty: string;
  children: React.ReactNode;
  count?: number;
}) {
  const { t } = useLingui();
  if (status === 'loading') {
    return (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (status === 'failed') {
    return (
      <ErrorBlock
        status="disconnected"
        title={t`Could not load the messages`}
        description={t`Check the connection and try again.`}
      >
        <Button onClick={onRetry} className={styles.button}>
          <Trans>Try again</Trans>
        </Button>
      </ErrorBlock>
    );
  }
  return (
    <div className={styles.thread}>
      {count === 0 ? <p className={styles.empty}>{empty}</p> : null}
      {children}
    </div>
  );
}

export function Composer({
  value,
  max,
  busy,
  canSend,
  placeholder,
  onChange,
  onSend,
  before,
}: {
  value: string;
  max: number;
  busy: boolean;
  canSend: boolean;
  placeholder: string;
  onChange: (v: string) => void;
  onSend: () => void;
  before?: React.ReactNode;
}) {
  return (
    <form
      className={styles.composer}
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      {before}
      <TextArea
        className={styles.input}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        maxLength={max}
        autoSize={{ minRows: 1, maxRows: 4 }}
        aria-label={placeholder}
        data-testid="composer-input"
      />
      <Button
        type="submit"
        color="primary"
        className={styles.send}
        loading={busy}
        disabled={!canSend || busy}
        data-testid="composer-send"
      >
        <Trans>Send</Trans>
      </Button>
    </form>
  );
}
