import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import * as support from '@contract/support';
import type { ChatMessage, SupportConversation, SupportMessage } from '@contract/support';
import { call } from '@/lib/http';
import { config } from '@/lib/http/effects';
import { uploadFile } from '@/lib/http/upload';
import { onChatEvent, onSupportEvent } from '@/lib/realtime';
import { useSubmit } from '@/lib/submit';
import { AdminButton, AdminImage, PagedTable, Panel, SectionPage, Split, Tag, useConfirm } from '../components';
import { when } from '../reviews/format';
import type { SectionMeta } from '../section';
import styles from './support.module.css';

export const meta: SectionMeta = {
  key: 'support',
  title: msg`Customer service`,
  group: 'service',
  roles: ['admin', 'support'],
  order: 1,
};

/** Customer-service conversations (unread first) with their threads and replies, and chat moderation. */
export default function SupportSection() {
  const { t } = useLingui();
  const [tab, setTab] = useState<'conversations' | 'chat'>('conversations');
  return (
    <SectionPage title={<Trans>Customer service</Trans>}>
      <div className={styles.tabs} role="tablist">
        <button
          type="button"
          role="tab"
          className={styles.tab}
          aria-selected={tab === 'conversations'}
          onClick={() => setTab('conversations')}
        >
          {t`Conversations`}
        </button>
        <button
          type="button"
          role="tab"
          className={styles.tab}
          aria-selected={tab === 'chat'}
          onClick={() => setTab('chat')}
          data-testid="support-tab-chat"
        >
          {t`Chat room moderation`}
        </button>
      </div>
      {tab === 'conversations' ? <Conversations /> : <ChatModeration />}
    </SectionPage>
  );
}

function Conversations() {
  const { t } = useLingui();
  const [reload, setReload] = useState(0);
  const [selected, setSelected] = useState<SupportConversation | null>(null);
  const [unreadTotal, setUnreadTotal] = useState(0);
  const [lastEvent, setLastEvent] = useState<{ conversation: number; n: number }>({ conversation: 0, n: 0 });
  const refreshList = useCallback(() => setReload((n) => n + 1), []);

  // Every new message of any conversation: the list reorders, an open thread refetches.
  useEffect(() => {
    const token = config.getToken();
    if (!token) return;
    return onSupportEvent(
      token,
      (event) => {
        setReload((n) => n + 1);
        setLastEvent((e) => ({ conversation: event.conversation_id, n: e.n + 1 }));
      },
      true,
    );
  }, []);

  return (
    <Split
      list={
        <>
          <p className={styles.muted} data-testid="support-unread-total">
            {t`Unread messages: ${unreadTotal}`}
          </p>
          <PagedTable<SupportConversation>
            reloadKey={reload}
            load={async (page) => {
              const reply = await call(support.adminSupportConversations, { page, limit: 20 });
              setUnreadTotal(reply.unread_total);
              return reply;
            }}
            rowKey={(c) => c.id}
            selectedKey={selected?.id}
            onRowClick={setSelected}
            empty={<Trans>No conversations yet.</Trans>}
            columns={[
              {
                key: 'user',
                title: t`User`,
                render: (c) => (
                  <span data-testid="support-conversation-row">
                    {c.nickname}
                    <br />
                    <span className={styles.muted}>{c.account}</span>
                  </span>
                ),
              },
              {
                key: 'last',
                title: t`Last message`,
                render: (c) => <span className={styles.preview}>{c.last_message}</span>,
              },
              { key: 'at', title: t`Time`, render: (c) => when(new Date(c.last_at).toISOString()) },
              {
                key: 'unread',
                title: t`Unread`,
                render: (c) =>
                  c.unread > 0 ? (
                    <Tag tone="wait">
                      <span data-testid="support-conversation-unread">{c.unread}</span>
                    </Tag>
                  ) : (
                    '-'
                  ),
              },
            ]}
          />
        </>
      }
      detail={
        selected && (
          <Thread
            key={selected.id}
            conversation={selected}
            changed={lastEvent.conversation === selected.id ? lastEvent.n : 0}
            onRead={refreshList}
          />
        )
      }
    />
  );
}

function Thread({
  conversation,
  changed,
  onRead,
}: {
  conversation: SupportConversation;
  changed: number;
  onRead: () => void;
}) {
  const { t } = useLingui();
  const [messages, setMessages] = useState<SupportMessage[] | null>(null);
  const [more, setMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const [content, setContent] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);

  const load = useCallback(
    async (beforeId?: number) => {
      const page = await call(support.adminSupportMessages, {
        conversation_id: conversation.id,
        ...(beforeId ? { before_id: beforeId } : {}),
      });
      const rows = [...page.list].reverse();
      setMessages((current) => {
        const byId = new Map((beforeId ? (current ?? []) : []).map((m) => [m.id, m]));
        if (!beforeId) for (const m of current ?? []) if (m.id < (rows[0]?.id ?? 0)) byId.set(m.id, m);
        for (const m of rows) byId.set(m.id, m);
        return [...byId.values()].sort((a, b) => a.id - b.id);
      });
      if (beforeId || messages === null) setMore(page.has_more);
    },
    [conversation.id, messages],
  );

  useEffect(() => {
    let live = true;
    call(support.adminSupportMessages, { conversation_id: conversation.id })
      .then((page) => {
        if (!live) return;
        setMessages([...page.list].reverse());
        setMore(page.has_more);
        return call(support.adminSupportRead, { conversation_id: conversation.id }).then(onRead);
      })
      .catch((error: unknown) => {
        console.warn('support: thread not loaded', error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
    // A live event of this conversation (`changed`) reads it again.
  }, [conversation.id, changed, onRead]);

  const reply = useSubmit(
    async () => {
      const text = content.trim();
      const image = file ? await uploadFile(file) : undefined;
      if (!text && !image) return;
      await call(support.adminSupportReply, {
        conversation_id: conversation.id,
        ...(text ? { content: text } : {}),
        ...(image ? { image } : {}),
      });
      setContent('');
      setFile(null);
      setFileKey((k) => k + 1);
      await load();
    },
    { name: 'support-reply' },
  );

  return (
    <Panel title={t`Conversation with ${conversation.nickname}`} label={t`Conversation`}>
      {failed && <p>{t`Could not load the conversation.`}</p>}
      {messages === null && !failed && <p className={styles.muted}>{t`Loading…`}</p>}
      {more && (
        <AdminButton onClick={() => void load(messages?.[0]?.id)}>
          <Trans>Earlier messages</Trans>
        </AdminButton>
      )}
      <ThreadMessages messages={messages} nickname={conversation.nickname} />
      <form
        className={styles.reply}
        onSubmit={(e) => {
          e.preventDefault();
          void reply.submit();
        }}
      >
        <textarea
          className={styles.textarea}
          value={content}
          maxLength={support.SUPPORT_MAX}
          onChange={(e) => setContent(e.target.value)}
          placeholder={t`Write an answer`}
          aria-label={t`Answer`}
          data-testid="support-reply-input"
        />
        <div className={styles.replyRow}>
          <input
            key={fileKey}
            className={styles.file}
            type="file"
            accept="image/*"
            aria-label={t`Attach an image`}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <AdminButton
            kind="primary"
            type="submit"
            disabled={reply.busy || (!content.trim() && !file)}
            data-testid="support-reply-send"
          >
            <Trans>Send answer</Trans>
          </AdminButton>
        </div>
      </form>
    </Panel>
  );
}

/** The conversation's messages, the user's and the staff's, oldest first. */
function ThreadMessages({ messages, nickname }: { messages: SupportMessage[] | null; nickname: string }) {
  const { t } = useLingui();
  return (
    <ul className={styles.thread} data-testid="support-thread">
      {messages?.map((m) => (
        <li key={m.id} className={m.from_staff ? `${styles.message} ${styles.staff}` : styles.message}>
          <div className={styles.meta}>
            {m.from_staff ? t`Customer service` : nickname} · {when(new Date(m.created_at).toISOString())}
          </div>
          <div className={styles.bubble} data-testid="support-thread-message">
            {m.image && <AdminImage src={m.image} alt={t`Attached image`} />}
            {m.content && <span>{m.content}</span>}
          </div>
        </li>
      ))}
    </ul>
  );
}

const MUTE_CHOICES = [10, 60, 1440, 10080] as const;

function ChatModeration() {
  const { t } = useLingui();
  const { confirm, dialog } = useConfirm();
  const [rows, setRows] = useState<ChatMessage[] | null>(null);
  const [minutes, setMinutes] = useState<number>(60);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    call(support.chatHistory, { limit: 50 })
      .then((page) => live && setRows(page.list))
      .catch((error: unknown) => console.warn('chat: not loaded', error));
    return () => {
      live = false;
    };
  }, [round]);

  useEffect(() => {
    const token = config.getToken();
    if (!token) return;
    return onChatEvent(token, (event) => {
      if (event.type === 'chat_message') setRows((r) => [event.message, ...(r ?? [])]);
      else setRows((r) => (r ?? []).filter((m) => m.id !== event.id));
    });
  }, []);

  const muteLabel = (m: number) =>
    m < 60
      ? t`${plural(m, { one: '# minute', other: '# minutes' })}`
      : m < 1440
        ? t`${plural(m / 60, { one: '# hour', other: '# hours' })}`
        : m < 10080
          ? t`${plural(m / 1440, { one: '# day', other: '# days' })}`
          : t`${plural(m / 10080, { one: '# week', other: '# weeks' })}`;

  return (
    <Panel title={t`Latest messages in the chat room`}>
      {dialog}
      <label className={styles.replyRow}>
        {t`Mute for`}
        <select className={styles.tab} value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
          {MUTE_CHOICES.map((m) => (
            <option key={m} value={m}>
              {muteLabel(m)}
            </option>
          ))}
        </select>
        <AdminButton onClick={() => setRound((n) => n + 1)}>
          <Trans>Refresh</Trans>
        </AdminButton>
      </label>
      {rows === null ? (
        <p className={styles.muted}>{t`Loading…`}</p>
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{t`No messages in the chat room.`}</p>
      ) : (
        <ul className={styles.thread}>
          {rows.map((m) => (
            <li key={m.id} className={styles.message} data-testid="chat-moderation-row">
              <div className={styles.meta}>
                {m.name} (#{m.user_id}) · {when(new Date(m.created_at).toISOString())}
              </div>
              <div className={styles.bubble}>
                <span className={styles.content}>{m.content}</span>
                <span className={styles.replyRow}>
                  <AdminButton
                    kind="danger"
                    onClick={() =>
                      void confirm(
                        { title: t`Delete this message for everyone?`, reason: 'optional', danger: true },
                        (reason) => call(support.adminChatDelete, { id: m.id, ...(reason ? { reason } : {}) }),
                      ).then((done) => done && setRows((r) => (r ?? []).filter((x) => x.id !== m.id)))
                    }
                  >
                    <Trans>Delete</Trans>
                  </AdminButton>
                  {!m.staff && (
                    <AdminButton
                      onClick={() =>
                        void confirm(
                          { title: t`Mute ${m.name} for ${muteLabel(minutes)}?`, reason: 'required' },
                          (reason) => call(support.adminChatMute, { user_id: m.user_id, minutes, reason }),
                        )
                      }
                    >
                      <Trans>Mute</Trans>
                    </AdminButton>
                  )}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
