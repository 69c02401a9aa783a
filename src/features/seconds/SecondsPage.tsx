import { useEffect, useState } from 'react';
import { formatRate } from '@/lib/format/number';
import { Button, DotLoading } from 'antd-mobile';
import DownFill from 'antd-mobile-icons/es/DownFill';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { PairQuote } from '@contract/market';
import type { MicroSeconds } from '@contract/seconds';
import { NavBar } from '@/components/NavBar';
import { useOnline } from '@/components/OfflineBanner';
import {
  currencyDecimals,
  formatChange,
  formatDateTime,
  formatMoney,
  formatPrice,
  formatSpendable,
  toDecimal,
  trend,
} from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { pages, useGo, useGoLogin } from '@/lib/nav';
import { isLoggedInAtom, siteAtom } from '@/lib/state';
import { useNow } from './hooks/useNow';
import type { Direction } from './model/orders';
import { checkStake, payoutOf, sanitizeStake, type StakeProblem } from './model/payout';
import { usePlaceContract, useSettlements } from './state/actions';
import { useMicroOrders } from './state/orders';
import { useLivePrice } from './state/price';
import { useDurations, useMicroPairs, usePayable } from './state/terms';
import { ConfirmSheet, type PendingContract } from './components/ConfirmSheet';
import { OrderCard } from './components/OrderCard';
import { PairSheet } from './components/PairSheet';
import { PriceLine } from './components/PriceLine';
import { ResultSheet } from './components/ResultSheet';
import headStyles from '@/components/PairHead/PairHead.module.css';
import styles from './components/seconds.module.css';

interface SecondsPageProps {
  symbol: string;
  onPair: (pair: PairQuote) => void;
}

/** The seconds-contract screen (`transaction/index2`): pair, live price, duration, stake, up or down. */
export function SecondsPage({ symbol, onPair }: SecondsPageProps) {
  const { t } = useLingui();
  const go = useGo();
  const { pairs, savedAt: pairsAt, failed: pairsFailed } = useMicroPairs();
  const pair = pairs?.find((p) => p.symbol === symbol);
  const first = pairs?.[0];

  // A pair without seconds contracts (an old link, the default): the first pair that has them.
  useEffect(() => {
    if (pairs && !pair && first) onPair(first);
  }, [pairs, pair, first, onPair]);

  return (
    <div className={styles.page}>
      <NavBar
        title={t`Seconds contracts`}
        right={
          <button
            type="button"
            className={headStyles.iconButton}
            aria-label={t`My seconds contracts`}
            onClick={() => go({ to: pages.transaction.seconds_order, search: { state: 'holding' } })}
          >
            <UnorderedListOutline />
          </button>
        }
      />
      {pair ? (
        <Trading
          key={pair.symbol}
          pair={pair}
          pairs={pairs ?? []}
          pairsAt={pairsFailed ? pairsAt : undefined}
          onPair={onPair}
        />
      ) : pairs && pairs.length === 0 ? (
        <p className={styles.muted}>
          {pairsFailed ? (
            <Trans>Seconds contracts need a connection the first time.</Trans>
          ) : (
            <Trans>No pair offers seconds contracts at the moment.</Trans>
          )}
        </p>
      ) : (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      )}
    </div>
  );
}

function Trading({
  pair,
  pairs,
  pairsAt,
  onPair,
}: {
  pair: PairQuote;
  pairs: PairQuote[];
  pairsAt: number | undefined;
  onPair: (p: PairQuote) => void;
}) {
  const go = useGo();
  const [switching, setSwitching] = useState(false);
  const form = useContractForm(pair, pairsAt);
  const { live, settlements, pending } = form;
  const toHistory = () => go({ to: pages.transaction.seconds_order, search: { state: 'history' } });

  return (
    <>
      <TradingHead form={form} pair={pair} onSwitch={() => setSwitching(true)} />
      <PriceLine points={live.points} trend={form.direction} />
      <ContractForm form={form} />
      {form.signedIn && (
        <HoldingSection rows={form.holding.orders} pair={pair} live={live.last?.price} onHistory={toHistory} />
      )}
      <PairSheet
        open={switching}
        pairs={pairs}
        current={pair.symbol}
        onPick={(p) => (setSwitching(false), onPair(p))}
        onClose={() => setSwitching(false)}
      />
      <ConfirmSheet
        pending={pending}
        symbol={pair.symbol}
        last={form.last}
        decimals={pair.price_decimals}
        busy={form.place.busy}
        onConfirm={form.confirm}
        onClose={() => form.setPending(null)}
      />
      <ResultSheet
        order={settlements.result}
        decimals={pair.price_decimals}
        onClose={settlements.dismiss}
        onHistory={() => (settlements.dismiss(), toHistory())}
      />
    </>
  );
}

/** The new-contract form's state: terms, balances, the stake and its check, and placing. */
function useContractForm(pair: PairQuote, pairsAt: number | undefined) {
  const online = useOnline();
  const signedIn = useAtomValue(isLoggedInAtom);
  const live = useLivePrice(pair);
  const { durations, failed: durationsFailed, savedAt: durationsAt } = useDurations();
  const payable = usePayable();
  const holding = useMicroOrders('holding', pair.id, signedIn);
  const [seconds, setSeconds] = useState<number | null>(null);
  const [currencyId, setCurrencyId] = useState<number | null>(null);
  const [stake, setStake] = useState('');
  const [problem, setProblem] = useState<StakeProblem | null>(null);
  const [pending, setPending] = useState<PendingContract | null>(null);

  const duration: MicroSeconds | undefined = durations?.find((d) => d.seconds === seconds) ?? durations?.[0];
  const currencies = payable.currencies ?? [];
  const currency =
    currencies.find((c) => c.currency_id === currencyId) ??
    currencies.find((c) => c.currency_name === 'USDT') ??
    currencies[0];
  const currencyName = currency?.currency_name ?? 'USDT';
  const available = signedIn ? currency?.micro_balance : undefined;
  const last = live.last?.price ?? pair.now_price;
  const stale = live.last?.stale ?? pair.stale;
  const asOf =
    !online || pairsAt || payable.failed || durationsFailed ? (payable.savedAt ?? durationsAt ?? pairsAt) : undefined;

  const settlements = useSettlements(holding.orders, () => {
    void holding.refresh();
    void payable.refresh();
  });
  const place = usePlaceContract(() => {
    setPending(null);
    setStake('');
    void holding.refresh();
    void payable.refresh();
  });

  const choose = (dir: Direction) => {
    if (!duration || stale) return;
    const checked = checkStake(stake, { min: duration.min_stake, max: duration.max_stake }, available);
    if (!checked.ok) return setProblem(checked);
    setProblem(null);
    setPending({
      direction: dir,
      seconds: duration.seconds,
      stake: checked.stake,
      ratio: duration.profit_ratio,
      currency: currencyName,
    });
  };

  const confirm = () => {
    if (!pending || !currency) return;
    void place.submit({
      match_id: pair.id,
      currency_id: currency.currency_id,
      type: pending.direction === 'up' ? 1 : 2,
      seconds: pending.seconds,
      number: pending.stake,
    });
  };

  return {
    online,
    signedIn,
    live,
    durations,
    duration,
    currencies,
    currency,
    currencyName,
    available,
    last,
    stale,
    direction: trend(live.last?.change ?? pair.change),
    outcome: duration ? payoutOf(stake, duration.profit_ratio) : null,
    empty: signedIn && available !== undefined && toDecimal(available)?.isZero() === true,
    when: asOf ? formatDateTime(asOf, activeBcp47()) : '',
    holding,
    stake,
    problem,
    pending,
    settlements,
    place,
    /** Each choice clears the stake's problem: it was about the previous one. */
    setSeconds: (n: number) => (setSeconds(n), setProblem(null)),
    setCurrencyId: (id: number) => (setCurrencyId(id), setProblem(null)),
    setStake: (v: string) => (setStake(sanitizeStake(v)), setProblem(null)),
    setPending,
    choose,
    confirm,
  };
}

type ContractFormState = ReturnType<typeof useContractForm>;

/** Pair switch, last price and change, and the notes on the price (paused, simulated, offline). */
function TradingHead({ form, pair, onSwitch }: { form: ContractFormState; pair: PairQuote; onSwitch: () => void }) {
  const { t } = useLingui();
  const site = useAtomValue(siteAtom);
  const { direction, stale, when, live } = form;
  return (
    <>
      <div className={styles.head}>
        <button
          type="button"
          className={headStyles.pairButton}
          onClick={onSwitch}
          aria-label={t`Switch pair, now ${pair.symbol}`}
          data-testid="pair-switch"
        >
          {pair.symbol} <DownFill fontSize={10} />
        </button>
        <div className={styles.headPrice}>
          <strong
            data-testid="last-price"
            className={direction === 'up' ? styles.up : direction === 'down' ? styles.down : undefined}
          >
            {formatPrice(form.last, pair.price_decimals)}
          </strong>
          <span className={styles.muted}>{formatChange(live.last?.change ?? pair.change)}</span>
        </div>
      </div>
      <div className={styles.notes}>
        {stale && (
          <span className={styles.warn} data-testid="stale-notice">
            <Trans>Price not updating: new contracts are paused</Trans>
          </span>
        )}
        {(site.demo || pair.source === 'simulated') && (
          <span className={styles.tag}>
            <Trans>Simulated data</Trans>
          </span>
        )}
        {when && (
          <span className={styles.warn} data-testid="as-of">
            <Trans>Offline: as of {when}</Trans>
          </span>
        )}
      </div>
    </>
  );
}

/** Duration, currency, stake, the payout if right, then up or down (or log in). */
function ContractForm({ form }: { form: ContractFormState }) {
  const { t } = useLingui();
  const goLogin = useGoLogin();
  const { duration, online, stale, signedIn } = form;
  return (
    <section className={styles.form} aria-label={t`New contract`}>
      <DurationChips form={form} />
      {form.currencies.length > 1 && (
        <div className={styles.currencies} role="radiogroup" aria-label={t`Stake currency`}>
          {form.currencies.map((c) => (
            <button
              type="button"
              role="radio"
              key={c.currency_id}
              aria-checked={c.currency_id === form.currency?.currency_id}
              className={c.currency_id === form.currency?.currency_id ? styles.chipOn : styles.chip}
              onClick={() => form.setCurrencyId(c.currency_id)}
            >
              {c.currency_name}
            </button>
          ))}
        </div>
      )}
      <StakeFields form={form} />
      {signedIn ? (
        <div className={styles.directions}>
          <Button
            className={styles.upButton}
            disabled={!duration || stale || !online}
            onClick={() => form.choose('up')}
            aria-label={t`Up: the price will be higher at expiry`}
          >
            <Trans>Up</Trans>
          </Button>
          <Button
            className={styles.downButton}
            disabled={!duration || stale || !online}
            onClick={() => form.choose('down')}
            aria-label={t`Down: the price will be lower at expiry`}
          >
            <Trans>Down</Trans>
          </Button>
        </div>
      ) : (
        <Button block color="primary" onClick={goLogin}>
          <Trans>Log in to trade</Trans>
        </Button>
      )}
      {signedIn && !online && (
        <p className={styles.muted}>
          <Trans>Contracts are never placed offline.</Trans>
        </p>
      )}
    </section>
  );
}

function DurationChips({ form }: { form: ContractFormState }) {
  const { t } = useLingui();
  const { durations, duration } = form;
  return (
    <>
      <span className={styles.label} id="duration-label">
        <Trans>Duration and profit</Trans>
      </span>
      {durations === undefined ? (
        <DotLoading color="primary" />
      ) : durations.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No durations are offered at the moment.</Trans>
        </p>
      ) : (
        <div className={styles.chips} role="radiogroup" aria-labelledby="duration-label">
          {durations.map((d) => (
            <button
              type="button"
              role="radio"
              key={d.id}
              aria-checked={d.seconds === duration?.seconds}
              className={d.seconds === duration?.seconds ? styles.chipOn : styles.chip}
              onClick={() => form.setSeconds(d.seconds)}
              data-testid={`duration-${d.seconds}`}
            >
              <strong>{t`${d.seconds} s`}</strong>
              <span>+{formatRate(d.profit_ratio)}</span>
            </button>
          ))}
        </div>
      )}
    </>
  );
}

/** The stake with its limits, the balance it is paid from, and the payout if right. */
function StakeFields({ form }: { form: ContractFormState }) {
  const { t } = useLingui();
  const go = useGo();
  const { duration, currencyName, available, outcome, signedIn, problem } = form;
  const problemText = (p: StakeProblem): string => {
    switch (p.problem) {
      case 'empty':
        return t`Enter a stake.`;
      case 'invalid':
        return t`Enter a stake as a number with at most 8 decimals.`;
      case 'below_min':
        return t`The least stake for this duration is ${p.min} ${currencyName}.`;
      case 'above_max':
        return t`The most stake for this duration is ${p.max} ${currencyName}.`;
      case 'insufficient':
        return t`Not enough in your options account: ${formatMoney(p.available, currencyName)} ${currencyName} available.`;
    }
  };
  return (
    <>
      <label className={styles.label} htmlFor="stake">
        <Trans>Stake ({currencyName})</Trans>
      </label>
      <div className={styles.stake}>
        <input
          id="stake"
          inputMode="decimal"
          autoComplete="off"
          placeholder={duration ? t`Min ${duration.min_stake}` : ''}
          value={form.stake}
          onChange={(e) => form.setStake(e.target.value)}
        />
        <span className={styles.unit}>{currencyName}</span>
      </div>
      <div className={styles.lineRow}>
        <span>
          {duration ? (
            <Trans>
              Min {formatMoney(duration.min_stake, currencyName)} · Max {formatMoney(duration.max_stake, currencyName)}
            </Trans>
          ) : (
            '--'
          )}
        </span>
        <span data-testid="available">
          {signedIn ? (
            <Trans>
              Available {available !== undefined ? formatSpendable(available, currencyDecimals(currencyName)) : '--'}{' '}
              {currencyName}
            </Trans>
          ) : (
            ''
          )}
        </span>
      </div>
      {form.empty && (
        <button type="button" className={styles.transfer} onClick={() => go(pages.fund.fundTransfer)}>
          <Trans>Your options account is empty: transfer funds to it</Trans>
        </button>
      )}
      <div className={styles.lineRow}>
        <span>
          <Trans>Payout if right</Trans>
        </span>
        <strong data-testid="expected-payout">
          {outcome ? (
            <Trans>
              {formatMoney(outcome.payout, currencyName)} {currencyName} (profit +
              {formatMoney(outcome.profit, currencyName)})
            </Trans>
          ) : (
            '--'
          )}
        </strong>
      </div>
      {problem && (
        <div className={styles.error} role="alert">
          {problemText(problem)}
        </div>
      )}
    </>
  );
}

/** The user's holding contracts on this pair, with a link to the history. */
function HoldingSection({
  rows,
  pair,
  live,
  onHistory,
}: {
  rows: ReturnType<typeof useMicroOrders>['orders'];
  pair: PairQuote;
  live: string | undefined;
  onHistory: () => void;
}) {
  const { t } = useLingui();
  return (
    <section className={styles.holding} aria-label={t`Holding contracts`}>
      <div className={styles.holdingHead}>
        <h2>
          <Trans>Holding ({rows?.length ?? 0})</Trans>
        </h2>
        <button type="button" className={styles.link} onClick={onHistory}>
          <Trans>History</Trans>
        </button>
      </div>
      <HoldingList rows={rows} decimals={pair.price_decimals} live={live} />
    </section>
  );
}

/** The holding orders with their countdowns; only this list redraws every second. */
function HoldingList({
  rows,
  decimals,
  live,
}: {
  rows: ReturnType<typeof useMicroOrders>['orders'];
  decimals: number;
  live: string | undefined;
}) {
  const now = useNow(1000, (rows?.length ?? 0) > 0);
  if (rows === undefined) {
    return (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <p className={styles.muted}>
        <Trans>No holding contracts on this pair.</Trans>
      </p>
    );
  }
  return (
    <ul className={styles.cards} data-testid="holding">
      {rows.map((row) => (
        <OrderCard key={row.order.id} row={row} now={now} decimals={decimals} live={live} />
      ))}
    </ul>
  );
}
