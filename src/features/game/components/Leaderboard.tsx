import { useCallback } from 'react';
import { useLingui } from '@lingui/react/macro';
import * as contract from '@contract/support';
import type { ResponseOf } from '@contract/define';
import { ListEnd } from '@/components/ListEnd';
import { call } from '@/lib/http';
import { usePaged } from '../state/paged';
import styles from './game.module.css';

type Row = ResponseOf<typeof contract.gameLeaderboard>['data'][number];

/** Players by points, with how many guesses they got right. */
export function Leaderboard() {
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
