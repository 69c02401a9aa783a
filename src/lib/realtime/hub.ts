import { accountEvent, type AccountEvent } from '@contract/user-events';
import { openConnection, type Connection } from './connection';
import { TopicRegistry, type Listener, type Topic } from './topics';
import type { RealtimeStatus } from './index';

const message = (t: Topic) => ({ symbol: t.symbol, streams: [t.stream], ...(t.period ? { period: t.period } : {}) });

/**
 * The live side of `@/lib/realtime`, loaded with the first subscription: one socket.io
 * connection and one server subscription per topic, however many listeners share it.
 */
export function createHub(setStatus: (s: RealtimeStatus) => void) {
  const registry = new TopicRegistry();
  const accountListeners = new Set<(event: AccountEvent) => void>();
  // The session the private room belongs to, while anyone listens to it.
  let token: string | null = null;
  let connection: Connection | null = null;

  const onEvent = (event: unknown) => {
    const account = accountEvent.safeParse(event);
    if (!account.success) return registry.dispatch(event);
    // Copy: a listener may stop listening while we iterate.
    for (const listener of [...accountListeners]) listener(account.data);
  };

  const connect = () => {
    setStatus('connecting');
    connection = openConnection({
      onEvent,
      // On every (re)connect: the server forgot our rooms, so send the full set again.
      onConnect: () => {
        setStatus('live');
        if (token !== null) connection?.send('login', { token });
        for (const t of registry.topics()) connection?.send('subscribe', message(t));
      },
      onDisconnect: () => setStatus('offline'),
    });
    return connection;
  };

  return {
    subscribe(topic: Topic, listener: Listener): () => void {
      if (registry.add(topic, listener)) (connection ?? connect()).send('subscribe', message(topic));
      return () => {
        if (registry.remove(topic, listener)) connection?.send('unsubscribe', message(topic));
      };
    },

    /**
     * Listens to the private events of the session `sessionToken` (contract/user-events.ts). The
     * room is joined with the first listener (again after every reconnect) and left with the last.
     */
    onAccount(sessionToken: string, listener: (event: AccountEvent) => void): () => void {
      accountListeners.add(listener);
      if (token !== sessionToken) {
        token = sessionToken;
        (connection ?? connect()).send('login', { token });
      }
      return () => {
        if (!accountListeners.delete(listener) || accountListeners.size > 0) return;
        token = null;
        connection?.send('logout', {});
      };
    },
  };
}
