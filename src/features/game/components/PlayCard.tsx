import { Trans } from '@lingui/react/macro';
import type { GameDirection } from '@contract/support';
import { formatDateTime } from '@/lib/format';
import { dayLabel } from '../model/day';
import type { Today } from '../state/today';
import styles from './game.module.css';

interface PlayCardProps {
  today: Today;
  bcp47: string;
  directionLabel: (d: GameDirection) => string;
  onPick: (d: GameDirection) => void;
}

/** The question of the next day, the rules, and the user's guess or the two choices; today's running guess. */
export function PlayCard({ today, bcp47, directionLabel, onPick }: PlayCardProps) {
  const day = dayLabel(today.round_day, bcp47);
  const closes = formatDateTime(today.closes_at, bcp47);
  return (
    <section className={styles.card}>
      <h2 className={styles.question}>
        <Trans>
          Will {today.pair} close {day} (UTC) higher or lower than it opens?
        </Trans>
      </h2>
      <p className={styles.rules}>
        <Trans>
          One guess per day, made before the day starts (guessing closes {closes}). A right guess earns{' '}
          {today.points_per_win} points. The day is judged by the exchange's recorded daily open and close; no recorded
          price or an unchanged close scores nothing.
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
            onClick={() => onPick('up')}
            data-testid="game-up"
          >
            <span aria-hidden>▲</span>
            <Trans>Higher</Trans>
          </button>
          <button
            type="button"
            className={`${styles.choice} ${styles.down}`}
            onClick={() => onPick('down')}
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
            Today ({dayLabel(today.running.day, bcp47)}): you guessed {directionLabel(today.running.direction)}; it is
            judged after the day ends.
          </Trans>
        </p>
      )}
    </section>
  );
}
