import { LockWelcomePage } from '@/features/lockming';

/** `#/pages/lockming/welcome`: the rules of lock mining. */
export default function LockWelcomeRoute() {
  return <LockWelcomePage />;
}
