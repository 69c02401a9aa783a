import { Button, ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { NavBar } from '@/components/NavBar';
import { tokenAtom } from '@/lib/state';
import { Game } from './Game';
import styles from './game.module.css';

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
