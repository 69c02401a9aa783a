import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import * as auth from '@contract/auth';
import { users } from '../db/schema/index';
import { createMarketHub, type MarketHub } from '../market/hub';
import { registerUser } from '../testing/accounts';
import { describeOnOneDatabase } from '../testing/suite';
import { clientFactory, collect, depth, kline, listen, nextEvent, ticker, trade } from '../testing/socket-client';

let hub: MarketHub = createMarketHub();
const clients = clientFactory();
afterEach(() => clients.closeAll());

describeOnOneDatabase(
  'socket.io live data',
  ({ app }) => {
    const subscribe = async (url: string, msg: unknown) => {
      const socket = await clients.connect(url);
      expect(await socket.emitWithAck('subscribe', msg)).toMatchObject({ type: 'ok' });
      return socket;
    };

    it('delivers tickers of a subscribed pair, and only that pair', async () => {
      const url = await listen(app().app);
      const socket = await subscribe(url, { symbol: 'BTC/USDT', streams: ['daymarket'] });
      const got = nextEvent(socket, 'daymarket');
      hub.publish(ticker('ETH/USDT'));
      const sent = ticker('BTC/USDT', '64000.1');
      hub.publish(sent);
      expect(await got).toEqual(sent);
    });

    it('works over long-polling beside the Fastify routes on the same port', async () => {
      const url = await listen(app().app);
      const socket = await clients.connect(url, undefined, ['polling']);
      expect(await socket.emitWithAck('subscribe', { symbol: 'BTC/USDT', streams: ['daymarket'] })).toMatchObject({
        type: 'ok',
      });
      const got = nextEvent(socket, 'daymarket');
      hub.publish(ticker('BTC/USDT'));
      await got;
      expect(await (await fetch(`${url}/api/getSiteConfig`)).json()).toMatchObject({ type: 'ok' });
    });

    it('delivers klines of the subscribed period only', async () => {
      const url = await listen(app().app);
      const socket = await subscribe(url, { symbol: 'BTC/USDT', streams: ['kline'], period: '5min' });
      const seen = collect(socket, 300);
      hub.publish(kline('BTC/USDT', '1min'));
      hub.publish(kline('BTC/USDT', '5min'));
      expect(await seen).toEqual([['kline', kline('BTC/USDT', '5min')]]);
    });

    it('delivers depth cut to the top levels, and trades', async () => {
      const url = await listen(app().app);
      const socket = await subscribe(url, { symbol: 'ETH/USDT', streams: ['market_depth', 'match_trade'] });
      const gotDepth = nextEvent<{ bids: unknown[]; asks: unknown[] }>(socket, 'market_depth');
      const gotTrade = nextEvent(socket, 'match_trade');
      hub.publish(depth('ETH/USDT', 50));
      hub.publish(trade('ETH/USDT'));
      const d = await gotDepth;
      expect(d.bids).toHaveLength(20);
      expect(d.asks).toEqual(depth('ETH/USDT', 20).asks);
      expect(await gotTrade).toMatchObject({ type: 'match_trade', symbol: 'ETH/USDT', direction: 'buy' });
    });

    it('stops delivering after unsubscribe', async () => {
      const url = await listen(app().app);
      const socket = await subscribe(url, { symbol: 'BTC/USDT', streams: ['daymarket', 'kline'], period: '1min' });
      const first = nextEvent(socket, 'daymarket');
      hub.publish(ticker('BTC/USDT'));
      await first;
      // kline without a period leaves every kline period of the pair.
      expect(await socket.emitWithAck('unsubscribe', { symbol: 'BTC/USDT', streams: ['daymarket', 'kline'] })).toEqual({
        type: 'ok',
        rooms: ['daymarket:BTC/USDT', 'kline:BTC/USDT:1min'],
      });
      const seen = collect(socket, 300);
      hub.publish(ticker('BTC/USDT'));
      hub.publish(kline('BTC/USDT', '1min'));
      expect(await seen).toEqual([]);
    });

    it('answers bad messages with an error event and keeps the connection', async () => {
      const url = await listen(app().app);
      const socket = await clients.connect(url);
      for (const bad of [
        undefined,
        'BTC/USDT',
        { symbol: 'BTC/USDT', streams: ['nope'] },
        { symbol: '', streams: ['daymarket'] },
      ]) {
        const error = nextEvent(socket, 'error');
        socket.emit('subscribe', bad);
        expect(await error).toEqual({ type: 'error', event: 'subscribe', message: 'invalid_message' });
      }
      expect(await socket.emitWithAck('subscribe', { symbol: 'BTC/USDT', streams: ['kline'] })).toEqual({
        type: 'error',
        event: 'subscribe',
        message: 'period_required',
      });
      expect(socket.connected).toBe(true);
      expect(await socket.emitWithAck('subscribe', { symbol: 'BTC/USDT', streams: ['daymarket'] })).toMatchObject({
        type: 'ok',
      });
    });

    it('limits subscriptions per connection, all or nothing', async () => {
      const url = await listen(app().app);
      const socket = await clients.connect(url);
      const all = { streams: ['daymarket', 'market_depth', 'match_trade'] };
      for (let i = 0; i < 33; i++) {
        expect(await socket.emitWithAck('subscribe', { symbol: `C${i}/USDT`, ...all })).toMatchObject({ type: 'ok' });
      }
      // 99 rooms joined: 3 more would pass the limit of 100 and none is joined; 1 more fits.
      expect(await socket.emitWithAck('subscribe', { symbol: 'X/USDT', ...all })).toMatchObject({
        message: 'too_many_subscriptions',
      });
      expect(await socket.emitWithAck('subscribe', { symbol: 'X/USDT', streams: ['daymarket'] })).toMatchObject({
        type: 'ok',
      });
      expect(await socket.emitWithAck('subscribe', { symbol: 'Y/USDT', streams: ['daymarket'] })).toMatchObject({
        message: 'too_many_subscriptions',
      });
    });

    it('takes a burst of subscriptions but refuses a flood', async () => {
      const url = await listen(app().app);
      const socket = await clients.connect(url);
      // A market tab re-subscribing each of its pairs after a reconnect: all accepted.
      const burst = await Promise.all(
        Array.from({ length: 28 }, (_, i) =>
          socket.emitWithAck('subscribe', { symbol: `P${i}/USDT`, streams: ['daymarket'] }),
        ),
      );
      expect(burst.every((r) => (r as { type: string }).type === 'ok')).toBe(true);
      const flood = await Promise.all(
        Array.from({ length: 150 }, () =>
          socket.emitWithAck('unsubscribe', { symbol: 'BTC/USDT', streams: ['daymarket'] }),
        ),
      );
      expect(flood.filter((r) => (r as { message?: string }).message === 'rate_limited').length).toBeGreaterThan(0);
      expect(socket.connected).toBe(true);
    });

    it('sends emitToUser to the logged-in connections of that user only', async () => {
      const t = app();
      const url = await listen(t.app);
      const alice = await registerUser(t);
      const bob = await registerUser(t);
      const aliceSocket = await clients.connect(url);
      expect(await aliceSocket.emitWithAck('login', { token: alice.token })).toEqual({
        type: 'ok',
        user_id: alice.user.id,
      });
      const handshake = await clients.connect(url, { token: alice.token });
      const bobSocket = await clients.connect(url);
      expect(await bobSocket.emitWithAck('login', { token: bob.token })).toMatchObject({ type: 'ok' });
      const anonymous = await clients.connect(url);

      const toAlice = [nextEvent(aliceSocket, 'order'), nextEvent(handshake, 'order')];
      const others = [collect(bobSocket, 300), collect(anonymous, 300)];
      // The handshake login resolves asynchronously; retry until its room is joined.
      const inRoom = () => t.app.realtime.io.in(`user:${alice.user.id}`).fetchSockets();
      await expect.poll(async () => (await inRoom()).length, { timeout: 5000 }).toBe(2);
      t.app.realtime.emitToUser(alice.user.id, 'order', { id: 7 });
      expect(await Promise.all(toAlice)).toEqual([{ id: 7 }, { id: 7 }]);
      expect(await Promise.all(others)).toEqual([[], []]);
    });

    it('logs a connection out when its session is revoked or its account frozen, and no other', async () => {
      const t = app();
      const url = await listen(t.app);
      const alice = await registerUser(t);
      const second = await t.call(auth.login, { user_string: alice.email, password: alice.password });
      // The login reply's message is the new session's token.
      const secondToken = second.body.message as string;
      const first = await clients.connect(url);
      const other = await clients.connect(url);
      expect(await first.emitWithAck('login', { token: alice.token })).toMatchObject({ type: 'ok' });
      expect(await other.emitWithAck('login', { token: secondToken })).toMatchObject({ type: 'ok' });
      const inRoom = async () => (await t.app.realtime.io.in(`user:${alice.user.id}`).fetchSockets()).length;

      // Logging out the first device ends only that device's private room.
      const expired = nextEvent(first, 'error');
      expect((await t.call(auth.logout, {}, { token: alice.token })).body.type).toBe('ok');
      expect(await expired).toEqual({ type: 'error', event: 'login', message: 'session_expired' });
      await expect.poll(inRoom, { timeout: 5000 }).toBe(1);
      const toOther = nextEvent(other, 'order');
      const toFirst = collect(first, 300);
      t.app.realtime.emitToUser(alice.user.id, 'order', { id: 1 });
      expect(await toOther).toEqual({ id: 1 });
      expect(await toFirst).toEqual([]);

      // A freeze written straight to the database (as another process would) reaches the socket
      // through the database's announcement.
      const frozen = nextEvent(other, 'error');
      await t.app.ctx.db
        .update(users)
        .set({ frozenAt: new Date(), frozenReason: 'test' })
        .where(eq(users.id, alice.user.id));
      expect(await frozen).toMatchObject({ event: 'login', message: 'session_expired' });
      await expect.poll(inRoom, { timeout: 5000 }).toBe(0);
      // Logged out, the connection stays open for public streams.
      expect(await other.emitWithAck('subscribe', { symbol: 'BTC/USDT', streams: ['daymarket'] })).toMatchObject({
        type: 'ok',
      });
    });

    it('refuses an unknown or malformed token', async () => {
      const t = app();
      const url = await listen(t.app);
      const user = await registerUser(t);
      const socket = await clients.connect(url);
      for (const token of ['x'.repeat(43), 'not a token', 42]) {
        const error = nextEvent(socket, 'error');
        socket.emit('login', { token });
        expect(await error).toMatchObject({ type: 'error', event: 'login' });
      }
      const seen = collect(socket, 300);
      t.app.realtime.emitToUser(user.user.id, 'order', { id: 1 });
      expect(await seen).toEqual([]);
    });
  },
  () => {
    hub = createMarketHub();
    // The feed stays idle (manual); the tests publish into the hub the socket layer listens to.
    return { market: { hub, manual: true }, realtime: { minGapMs: 0 } };
  },
);
