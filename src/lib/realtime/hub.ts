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
  let connection: Connection | null = null;

  const connect = () => {
    setStatus('connecting');
    connection = openConnection({
      onEvent: (event) => registry.dispatch(event),
      // On every (re)connect: the server forgot our rooms, so send the full set again.
      onConnect: () => {
        setStatus('live');
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
  };
}
