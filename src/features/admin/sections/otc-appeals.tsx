import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { adminOtcAppeals, adminOtcDecide, type AppealDecision } from '@contract/otc';
import type { ResponseOf } from '@contract/define';
import { formatDateTime } from '@/lib/format';
import { call } from '@/lib/http';
import { activeBcp47 } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import {
  AdminButton,
  AdminImage,
  FilterBar,
  Fields,
  PagedTable,
  Panel,
  SectionPage,
  SelectFilter,
  Split,
  Tag,
  useConfirm,
} from '../components';
import reviews from '../reviews/reviews.module.css';
import styles from './support.module.css';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'otc-appeals',
  title: msg`OTC appeals`,
  group: 'reviews',
  roles: ['support', 'admin'],
  order: 7,
};

type Appeal = ResponseOf<typeof adminOtcAppeals>['data'][number];

const at = (ms: number | null) => (ms === null ? '-' : formatDateTime(ms, activeBcp47()));

/** The decision's state: waiting, one of two staff members agreed, or decided. */
function DecisionTag({ order }: { order: Appeal }) {
  const decision = order.appeal?.decision ?? null;
  const pending = order.appeal?.pending ?? null;
  if (decision === 'release') return <Tag tone="good">{<Trans>Released to the buyer</Trans>}</Tag>;
  if (decision === 'refund') return <Tag tone="bad">{<Trans>Refunded to the seller</Trans>}</Tag>;
  if (pending === 'release') return <Tag tone="wait">{<Trans>Release proposed: 1 of 2</Trans>}</Tag>;
  if (pending === 'refund') return <Tag tone="wait">{<Trans>Refund proposed: 1 of 2</Trans>}</Tag>;
  return <Tag tone="wait">{<Trans>Waiting for a decision</Trans>}</Tag>;
}

/** Both sides' chat as the users wrote it, images included, oldest first. */
function Chat({ order }: { order: Appeal }) {
  const { t } = useLingui();
  if (order.messages.length === 0) return <p className={styles.muted}>{t`No messages in this order's chat.`}</p>;
  const side = (id: number) =>
    id === order.buyer.user_id ? t`Buyer ${order.buyer.nickname}` : t`Seller ${order.seller.nickname}`;
  return (
    <ul className={styles.thread} data-testid="otc-appeal-chat">
      {order.messages.map((m) => (
        <li
          key={m.id}
          className={m.sender_id === order.seller.user_id ? `${styles.message} ${styles.staff}` : styles.message}
        >
          <div className={styles.meta}>
            {side(m.sender_id)} · {at(m.created_at)}
          </div>
          <div className={styles.bubble}>
            {m.text && <span>{m.text}</span>}
            {m.image && <AdminImage src={m.image} alt={t`Chat image of message #${m.id}`} />}
          </div>
        </li>
      ))}
    </ul>
  );
}

function AppealFacts({ order }: { order: Appeal }) {
  const { t } = useLingui();
  const a = order.appeal;
  const by = a?.by === order.buyer.user_id ? t`The buyer` : t`The seller`;
  return (
    <>
      <Fields
        items={[
          [t`Buyer`, `${order.buyer.nickname} (#${order.buyer.user_id})`],
          [t`Seller`, `${order.seller.nickname} (#${order.seller.user_id})`],
          [t`Quantity`, `${order.quantity} ${order.coin}`],
          [t`Price`, `${order.price} ${order.fiat}`],
          [t`Fiat amount`, `${order.fiat_amount} ${order.fiat}`],
          [t`Value`, `${order.value_usdt} USDT`],
          [t`Opened`, at(order.created_at)],
          [t`Marked paid`, at(order.paid_at)],
          [t`Appealed by`, a ? `${by} · ${at(a.at)}` : '-'],
          [t`Appeal`, a?.text ?? '-'],
          [t`Decision`, <DecisionTag key="d" order={order} />],
        ]}
      />
      {(order.proof || (a && a.images.length > 0)) && (
        <div className={reviews.pictures}>
          {order.proof && (
            <div className={reviews.picture}>
              {t`Payment proof`}
              <AdminImage src={order.proof} alt={t`Payment proof of order #${order.id}`} />
            </div>
          )}
          {a?.images.map((src, i) => (
            <div key={src} className={reviews.picture}>
              {t`Appeal image ${i + 1}`}
              <AdminImage src={src} alt={t`Appeal image ${i + 1} of order #${order.id}`} />
            </div>
          ))}
        </div>
      )}
    </>
  );
}

/** Release or refund behind a confirmation that names the coins and asks why (audited). */
function DecideButtons({ order, onDone }: { order: Appeal; onDone: () => void }) {
  const { t } = useLingui();
  const { confirm, dialog } = useConfirm();
  const coins = `${order.quantity} ${order.coin}`;
  const decide = async (decision: AppealDecision) => {
    let waiting = false;
    const done = await confirm(
      {
        title:
          decision === 'release'
            ? t`Release ${coins} to ${order.buyer.nickname}?`
            : t`Refund ${coins} to ${order.seller.nickname}?`,
        body: t`Appeals worth more than the set value need two staff members: the first decision waits for a second, different one.`,
        reason: 'required',
        reasonHint: t`Both sides see this reason.`,
        typeToConfirm: coins,
        danger: decision === 'refund',
        confirmLabel: decision === 'release' ? t`Release` : t`Refund`,
      },
      async (reason) => {
        const after = await call(adminOtcDecide, { id: order.id, decision, reason });
        waiting = after.status === 'appeal';
      },
    );
    if (!done) return;
    toast(waiting ? t`Recorded: a second staff member must agree` : t`Decided`);
    onDone();
  };
  return (
    <div className={reviews.actions}>
      <AdminButton kind="danger" onClick={() => void decide('refund')}>
        <Trans>Refund the seller</Trans>
      </AdminButton>
      <AdminButton kind="primary" onClick={() => void decide('release')}>
        <Trans>Release to the buyer</Trans>
      </AdminButton>
      {dialog}
    </div>
  );
}

/** Appealed OTC orders: both sides, their chat and images, and the release or refund decision. */
export default function OtcAppeals() {
  const { t } = useLingui();
  const [decided, setDecided] = useState<'0' | '1'>('0');
  const [selected, setSelected] = useState<Appeal | null>(null);
  const [reload, setReload] = useState(0);
  return (
    <SectionPage title={<Trans>OTC appeals</Trans>}>
      <FilterBar>
        <SelectFilter
          label={t`Status`}
          value={decided}
          options={[
            { value: '0', label: t`Waiting for a decision` },
            { value: '1', label: t`Decided` },
          ]}
          onChange={(v) => {
            setDecided(v);
            setSelected(null);
          }}
        />
      </FilterBar>
      <Split
        list={
          <PagedTable<Appeal>
            columns={[
              { key: 'id', title: '#', render: (o) => o.id },
              { key: 'qty', title: t`Quantity`, render: (o) => `${o.quantity} ${o.coin}` },
              { key: 'fiat', title: t`Fiat amount`, render: (o) => `${o.fiat_amount} ${o.fiat}` },
              { key: 'sides', title: t`Buyer / seller`, render: (o) => `${o.buyer.nickname} / ${o.seller.nickname}` },
              { key: 'state', title: t`Decision`, render: (o) => <DecisionTag order={o} /> },
            ]}
            load={(page) => call(adminOtcAppeals, { decided, page, limit: 20 })}
            rowKey={(o) => o.id}
            reloadKey={`${decided}:${reload}`}
            onRowClick={setSelected}
            selectedKey={selected?.id}
            empty={decided === '0' ? <Trans>No appeals are waiting for a decision.</Trans> : undefined}
          />
        }
        detail={
          selected ? (
            <Panel title={<Trans>Appeal of order #{selected.id}</Trans>} label={t`Appeal of order #${selected.id}`}>
              <AppealFacts order={selected} />
              <h3 className={reviews.subTitle}>{t`Chat`}</h3>
              <Chat order={selected} />
              {selected.status === 'appeal' && (
                <DecideButtons
                  order={selected}
                  onDone={() => {
                    setSelected(null);
                    setReload((n) => n + 1);
                  }}
                />
              )}
            </Panel>
          ) : (
            <Panel>
              <p className={reviews.hint}>
                <Trans>Select an appeal to see both sides and the chat.</Trans>
              </p>
            </Panel>
          )
        }
      />
    </SectionPage>
  );
}
