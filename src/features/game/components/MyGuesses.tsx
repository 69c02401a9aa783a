import { useCallback } from 'react';
import { useLingui } from '@lingui/react/macro';
import * as contract from '@contract/support';
import type { GameGuess } from '@contract/support';
import { ListEnd } from '@/components/ListEnd';
import { call } from '@/lib/http';
import { activeBcp47 } from '@/lib/i18n';
import { dayLabel } from '../model/day';
import { usePaged } from '../state/paged';
import styles from './game.module.css';

/** The user's guesses, newest first, each with its day's open and close and the points it earned. */
export function MyGuesses() {
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
