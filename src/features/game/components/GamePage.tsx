import { useCallback, useEffect, useState } from 'react';
import { Button, DotLoading, ErrorBlock, Tabs } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import * as contract from '@contract/support';
import type { ResponseOf } from '@contract/define';
import type { GameDirection, GameGuess } from '@contract/support';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import { ListEnd } from '@/components/ListEnd';
import { NavBar } from '@/components/NavBar';
import { Refresh } from '@/components/Refresh';
import { formatDateTime } from '@/lib/format';
import { call } from '@/lib/http';
import { activeBcp47 } from '@/lib/i18n';
import { tokenAtom } from '@/lib/state';
import { useSubmit } from '@/lib/submit';
import styles from './game.module.css';

type Today = ResponseOf<typeof contract.gameToday>;
type Row = ResponseOf<typeof contract.gameLeaderboard>['data'][number];

const dayLabel = (day: number, bcp47: string) =>
  new Intl.DateTimeFormat(bcp47, { timeZone: 'UTC', month: 'short', day: 'numeric', weekday: 'short' }).format(day);

/**
 * The mini game (`game/game`): guess whether BTC/USDT closes the next UTC day above or below its
 * open; right guesses earn points; a leaderboard of points. Only points, never money.
 */
export function GamePage({ onLogin }: { onLogin: () => void }) {
  const { t } = useLingui();
  const token = useAtomValue(tokenAtom);
  return (
    <div className={styles.page}>
      <NavBar title={t`Mini game`} />
      <div className={styles.banner} data-testid="game-banner">
        <span className={styles.badge}>
          <Trans>Game</Trans>
        </span>
        <Trans>Just for fun: points only. No money is staked, won or lost, and points cannot be exchanged.</Trans>
      </div>
      {token ? (
        <Game />
      ) : (
        <ErrorBlock
          status="empty"
          title={t`Sign in to play`}
          description={t`Guess the direction of Bitcoin each day and collect points.`}
        >
          <Button color="primary" onClick={onLogin} className={styles.button}>
            <Trans>Log in</Trans>
          </Button>
        </ErrorBlock>
      )}
    </div>
  );
}

function Game() {
  const { t } = useLingui();
  const [today, setToday] = useState<Today | null>(null);
  const [failed, setFailed] = useState(false);
  const [tab, setTab] = useState('play');
  const [pick, setPick] = useState<GameDirection | null>(null);

  const load = useCallback(async () => {
    try {
      setToday(await call(contract.gameToday, {}, { silent: true }));
      setFailed(false);
    } catch (error) {
      console.warn('game: not loaded', error);
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    let stale = false;
    call(contract.gameToday, {}, { silent: true })
      .then((r) => {
        if (!stale) setToday(r);
      })
      .catch((error: unknown) => {
        console.warn('game: not loaded', error);
        if (!stale) setFailed(true);
      });
    return () => {
      stale = true;
    };
  }, []);

  const guess = useSubmit(
    async () => {
      if (!pick) return;
      await call(contract.gameGuess, { direction: pick });
      setPick(null);
      await load();
    },
    { name: 'game-guess' },
  );

  if (!today) {
    return failed ? (
      <ErrorBlock
        status="disconnected"
        title={t`Could not load the game`}
        description={t`Check the connection and try again.`}
      >
        <Button onClick={() => void load()} className={styles.button}>
          <Trans>Try again</Trans>
        </Button>
      </ErrorBlock>
    ) : (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }

  const bcp47 = activeBcp47();
  const day = dayLabel(today.round_day, bcp47);
  const closes = formatDateTime(today.closes_at, bcp47);
  const points = today.points;
  const directionLabel = (d: GameDirection) => (d === 'up' ? t`Higher` : t`Lower`);

  return (
    <Refresh onRefresh={load}>
      <section className={styles.score} data-testid="game-score">
        <div>
          <span className={styles.scoreValue}>{points}</span>
          <span className={styles.scoreLabel}>
            <Trans>My points</Trans>
          </span>
        </div>
        <div>
          <span className={styles.scoreValue}>{today.rank ?? '-'}</span>
          <span className={styles.scoreLabel}>
            <Trans>Rank</Trans>
          </span>
        </div>
      </section>
      <Tabs activeKey={tab} onChange={setTab} className={styles.tabs}>
        <Tabs.Tab title={t`Play`} key="play" />
        <Tabs.Tab title={t`My guesses`} key="mine" />
        <Tabs.Tab title={t`Leaderboard`} key="board" />
      </Tabs>
      {tab === 'play' && (
        <section className={styles.card}>
          <h2 className={styles.question}>
            <Trans>
              Will {today.pair} close {day} (UTC) higher or lower than it opens?
            </Trans>
          </h2>
          <p className={styles.rules}>
            <Trans>
              One guess per day, made before the day starts (guessing closes {closes}). A right guess earns{' '}
              {today.points_per_win} points. The day is judged by the exchange's recorded daily open and close; no
              recorded price or an unchanged close scores nothing.
            </Trans>
          </p>
          {today.guess ? (
            <p className={styles.made} data-testid="game-guess-made">
              <Trans>
                Your guess for {day}: {directionLabel(today.guess.direction)}
              </Trans>
            </p>
          ) : (
            <div className={styles.choices}>
              <button
                type="button"
                className={`${styles.choice} ${styles.up}`}
                onClick={() => setPick('up')}
                data-testid="game-up"
              >
                <span aria-hidden>▲</span>
                <Trans>Higher</Trans>
              </button>
              <button
                type="button"
                className={`${styles.choice} ${styles.down}`}
                onClick={() => setPick('down')}
                data-testid="game-down"
              >
                <span aria-hidden>▼</span>
                <Trans>Lower</Trans>
              </button>
            </div>
          )}
          {today.running && (
            <p className={styles.running}>
              <Trans>
                Today ({dayLabel(today.running.day, bcp47)}): you guessed {directionLabel(today.running.direction)}; it
                is judged after the day ends.
              </Trans>
            </p>
          )}
        </section>
      )}
      {tab === 'mine' && <MyGuesses />}
      {tab === 'board' && <Leaderboard />}
      <ConfirmSheet
        open={pick !== null}
        title={t`Confirm your guess`}
        busy={guess.busy}
        onConfirm={() => void guess.submit()}
        onClose={() => setPick(null)}
        confirmTestId="game-confirm"
      >
        <dl className={styles.confirm}>
          <dt>{t`Day (UTC)`}</dt>
          <dd>{day}</dd>
          <dt>{t`Your guess`}</dt>
          <dd>{pick ? directionLabel(pick) : ''}</dd>
        </dl>
        <p className={styles.rules}>{t`You cannot change it afterwards. No money is involved.`}</p>
      </ConfirmSheet>
    </Refresh>
  );
}

function usePaged<T>(load: (page: number) => Promise<{ data: T[]; current_page: number; last_page: number }>) {
  const [rows, setRows] = useState<T[] | null>(null);
  const [page, setPage] = useState(0);
  const [last, setLast] = useState(1);
  const [failed, setFailed] = useState(false);
  const loadMore = useCallback(async () => {
    try {
      const r = await load(page + 1);
      setRows((current) => [...(current ?? []), ...r.data]);
      setPage(r.current_page);
      setLast(r.last_page);
      setFailed(false);
    } catch (error) {
      setFailed(true);
      setRows((current) => current ?? []);
      throw error;
    }
  }, [load, page]);
  return { rows, more: !failed && page < last, failed, loadMore };
}

function MyGuesses() {
  const { t } = useLingui();
  const list = usePaged<GameGuess>(useCallback((page) => call(contract.gameHistory, { page, limit: 20 }), []));
  const bcp47 = activeBcp47();
  const status = (g: GameGuess) =>
    ({
      open: t`Waiting`,
      won: t`Right`,
      lost: t`Wrong`,
      tie: t`Unchanged`,
      void: t`No price recorded`,
    })[g.status];
  return (
    <section className={styles.list}>
      {list.rows?.length === 0 && (
        <p className={styles.empty}>{t`No guesses yet. Make your first one on the Play tab.`}</p>
      )}
      <ul>
        {list.rows?.map((g) => (
          <li key={g.day} className={styles.row} data-testid="game-history-row">
            <div>
              <strong>{dayLabel(g.day, bcp47)}</strong>
              <span className={styles.sub}>
                {g.direction === 'up' ? t`Higher` : t`Lower`}
                {g.open && g.close ? ` · ${g.open} → ${g.close}` : ''}
              </span>
            </div>
            <div className={styles.result} data-status={g.status}>
              <span>{status(g)}</span>
              <span className={styles.sub}>+{g.points}</span>
            </div>
          </li>
        ))}
      </ul>
      <ListEnd more={list.more} failed={list.failed} loadMore={list.loadMore} count={list.rows?.length ?? 0} />
    </section>
  );
}

function Leaderboard() {
  const { t } = useLingui();
  const list = usePaged<Row>(useCallback((page) => call(contract.gameLeaderboard, { page, limit: 20 }), []));
  return (
    <section className={styles.list}>
      {list.rows?.length === 0 && <p className={styles.empty}>{t`Nobody has points yet. Be the first!`}</p>}
      <ol>
        {list.rows?.map((r) => (
          <li key={r.rank} className={styles.row} data-testid="game-board-row">
            <div className={styles.rankName}>
              <span className={styles.rank}>{r.rank}</span>
              <span>{r.name}</span>
            </div>
            <div className={styles.result}>
              <span>{t`${r.points} points`}</span>
              <span className={styles.sub}>{t`${r.wins} right`}</span>
            </div>
          </li>
        ))}
      </ol>
      <ListEnd more={list.more} failed={list.failed} loadMore={list.loadMore} count={list.rows?.length ?? 0} />
    </section>
  );
}
