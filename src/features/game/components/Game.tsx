import { useState } from 'react';
import { Button, DotLoading, ErrorBlock, Tabs } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import * as contract from '@contract/support';
import type { GameDirection } from '@contract/support';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import { Refresh } from '@/components/Refresh';
import { call } from '@/lib/http';
import { activeBcp47 } from '@/lib/i18n';
import { useSubmit } from '@/lib/submit';
import { dayLabel } from '../model/day';
import { useToday } from '../state/today';
import { Leaderboard } from './Leaderboard';
import { MyGuesses } from './MyGuesses';
import { PlayCard } from './PlayCard';
import styles from './game.module.css';

/** A signed-in player's game: points and rank, then play, past guesses and the leaderboard. */
export function Game() {
  const { t } = useLingui();
  const { today, failed, load } = useToday();
  const [tab, setTab] = useState('play');
  const [pick, setPick] = useState<GameDirection | null>(null);

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
      {tab === 'play' && <PlayCard today={today} bcp47={bcp47} directionLabel={directionLabel} onPick={setPick} />}
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
