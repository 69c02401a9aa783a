import { GamePage } from '@/features/game';
import { useGoLogin } from '@/lib/nav';

/** `#/pages/game/game`: the mini game, a daily price-direction quiz with points (no money). */
export default function GameRoute() {
  const goLogin = useGoLogin();
  return <GamePage onLogin={goLogin} />;
}
