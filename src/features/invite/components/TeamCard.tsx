import { Trans } from '@lingui/react/macro';
import type { InviteInfo } from '@contract/invite';
import styles from './invite.module.css';

/** How many the user invited and how many their friends invited; each opens the team list. */
export function TeamCard({ team, onTeam }: { team: InviteInfo['team']; onTeam: () => void }) {
  const counts = new Map(team.map((g) => [g.generation, g.count]));
  return (
    <section className={styles.card} aria-labelledby="invite-team">
      <h3 id="invite-team">
        <Trans>My team</Trans>
      </h3>
      <div className={styles.team}>
        <button type="button" className={styles.stat} onClick={onTeam} data-testid="team-first">
          <strong>{counts.get(1) ?? 0}</strong>
          <span className={styles.label}>
            <Trans>Invited by you</Trans>
          </span>
        </button>
        <button type="button" className={styles.stat} onClick={onTeam} data-testid="team-second">
          <strong>{counts.get(2) ?? 0}</strong>
          <span className={styles.label}>
            <Trans>Invited by your friends</Trans>
          </span>
        </button>
      </div>
    </section>
  );
}
