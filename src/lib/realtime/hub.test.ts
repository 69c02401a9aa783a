import { describe, expect, it, vi } from 'vitest';
import type { ConnectionHandlers } from './connection';

const sent: Array<[string, unknown]> = [];
let handlers: ConnectionHandlers | null = null;
let connected = false;

vi.mock('./connection', () => ({
  openConnection: (h: ConnectionHandlers) => {
    handlers = h;
    return {
      get connected() {
        return connected;
      },
      send: (name: string, message: unknown) => connected && sent.push([name, message]),
      close: () => undefined,
    };
  },
}));

const { createHub } = await import('./hub');
const { parsePrivateEvent } = await import('./private-events');

describe('hub', () => {
  it('subscribes once per topic, resubscribes on reconnect, unsubscribes after the last listener', () => {
    const statuses: string[] = [];
    const hub = createHub((s) => statuses.push(s));
    const a = vi.fn();
    const b = vi.fn();
    const offA = hub.subscribe({ symbol: 'BTC/USDT', stream: 'daymarket' }, a);
    const offB = hub.subscribe({ symbol: 'BTC/USDT', stream: 'daymarket' }, b);
    // Not connected yet: nothing is buffered, the connect sends the full set once.
    expect(sent).toEqual([]);
    connected = true;
    handlers!.onConnect();
    expect(sent).toEqual([['subscribe', { symbol: 'BTC/USDT', streams: ['daymarket'] }]]);

    handlers!.onEvent({ type: 'daymarket', symbol: 'BTC/USDT', now_price: '1' });
    expect(a).toHaveBeenCalledOnce();
    expect(b).toHaveBeenCalledOnce();

    handlers!.onDisconnect();
    handlers!.onConnect();
    expect(sent).toHaveLength(2);
    expect(statuses).toEqual(['connecting', 'live', 'offline', 'live']);

    offA();
    expect(sent).toHaveLength(2);
    offB();
    expect(sent[2]).toEqual(['unsubscribe', { symbol: 'BTC/USDT', streams: ['daymarket'] }]);

    hub.subscribe({ symbol: 'ETH/USDT', stream: 'kline', period: '5min' }, vi.fn());
    expect(sent[3]).toEqual(['subscribe', { symbol: 'ETH/USDT', streams: ['kline'], period: '5min' }]);
  });

  it('joins the private room while someone listens to account events, again after a reconnect', () => {
    sent.length = 0;
    connected = true;
    const hub = createHub(() => undefined);
    hub.acceptPrivate(parsePrivateEvent);
    const identity = vi.fn();
    const off = hub.onAccount('session-token', identity);
    expect(sent).toEqual([['login', { token: 'session-token' }]]);

    // A market event is not an account event, and a malformed account event reaches nobody.
    handlers!.onEvent({ type: 'daymarket', symbol: 'BTC/USDT', now_price: '1' });
    handlers!.onEvent({ type: 'account', kind: 'password' });
    handlers!.onEvent({ type: 'account', kind: 'identity' });
    expect(identity.mock.calls).toEqual([[{ type: 'account', kind: 'identity' }]]);

    handlers!.onDisconnect();
    handlers!.onConnect();
    expect(sent.at(-1)).toEqual(['login', { token: 'session-token' }]);

    off();
    expect(sent.at(-1)).toEqual(['logout', {}]);
    handlers!.onConnect();
    expect(sent.filter(([name]) => name === 'login')).toHaveLength(2);
  });

  it('delivers order events to order listeners and keeps the room while either kind listens', () => {
    sent.length = 0;
    connected = true;
    const hub = createHub(() => undefined);
    hub.acceptPrivate(parsePrivateEvent);
    const orders = vi.fn();
    const account = vi.fn();
    const offOrders = hub.onOrder('t1', orders);
    const offAccount = hub.onAccount('t1', account);
    expect(sent).toEqual([['login', { token: 't1' }]]);

    handlers!.onEvent({ type: 'order', id: 7, symbol: 'BTC/USDT', status: 'filled' });
    handlers!.onEvent({ type: 'order', id: 7, symbol: 'BTC/USDT', status: 'lost' });
    expect(orders.mock.calls).toEqual([[{ type: 'order', id: 7, symbol: 'BTC/USDT', status: 'filled' }]]);
    expect(account).not.toHaveBeenCalled();

    offAccount();
    expect(sent.at(-1)).toEqual(['login', { token: 't1' }]);
    offOrders();
    expect(sent.at(-1)).toEqual(['logout', {}]);
  });

  it('delivers settled seconds contracts to their listeners only', () => {
    sent.length = 0;
    connected = true;
    const hub = createHub(() => undefined);
    hub.acceptPrivate(parsePrivateEvent);
    const micro = vi.fn();
    const orders = vi.fn();
    const offMicro = hub.onMicroOrder('t2', micro);
    const offOrders = hub.onOrder('t2', orders);
    expect(sent).toEqual([['login', { token: 't2' }]]);

    handlers!.onEvent({ type: 'closed_microorder', id: 3, symbol: 'BTC/USDT', result: 'win' });
    handlers!.onEvent({ type: 'closed_microorder', id: 3, symbol: 'BTC/USDT', result: 'jackpot' });
    expect(micro.mock.calls).toEqual([[{ type: 'closed_microorder', id: 3, symbol: 'BTC/USDT', result: 'win' }]]);
    expect(orders).not.toHaveBeenCalled();

    offOrders();
    expect(sent.at(-1)).toEqual(['login', { token: 't2' }]);
    offMicro();
    expect(sent.at(-1)).toEqual(['logout', {}]);
  });
});
