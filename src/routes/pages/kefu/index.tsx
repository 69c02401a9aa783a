import { useSearch } from '@tanstack/react-router';
import { ChatRoom, SupportChat } from '@/features/support';
import { pages, useGo, useGoLogin } from '@/lib/nav';

/**
 * `#/pages/kefu/index`: customer service; `?view=chat` is the public chat room (home's "chat
 * room" entry; SPEC.md names no route of its own for it).
 */
export default function KefuPage() {
  const go = useGo();
  const goLogin = useGoLogin();
  const { view } = useSearch({ from: pages.kefu.index });
  if (view === 'chat') return <ChatRoom onLogin={goLogin} />;
  return <SupportChat onLogin={goLogin} onChatRoom={() => go({ to: pages.kefu.index, search: { view: 'chat' } })} />;
}
