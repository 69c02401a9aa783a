import { ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { NavBar } from '@/components/NavBar';
import { type ShareView, useGoLogin } from '@/lib/nav';
import { isLoggedInAtom } from '@/lib/state';
import { InviteView } from './components/InviteView';
import { RebateView } from './components/RebateView';
import { TeamView } from './components/TeamView';
import styles from './components/invite.module.css';

interface SharePageProps {
  view: ShareView;
  onView: (view: ShareView) => void;
}

/** `setting/share?view=invite|rebate|team`: the invitation, rebate records, the team. */
export function SharePage({ view, onView }: SharePageProps) {
  const { t } = useLingui();
  const goLogin = useGoLogin();
  const signedIn = useAtomValue(isLoggedInAtom);
  if (!signedIn) {
    return (
      <div className={styles.page}>
        <NavBar title={t`Invite friends`} />
        <ErrorBlock status="empty" title={t`Log in to invite friends and see your rebates.`} description="">
          <button type="button" className={styles.link} onClick={goLogin}>
            <Trans>Log in</Trans>
          </button>
        </ErrorBlock>
      </div>
    );
  }
  if (view === 'rebate') return <RebateView />;
  if (view === 'team') return <TeamView />;
  return <InviteView onRebates={() => onView('rebate')} onTeam={() => onView('team')} />;
}
