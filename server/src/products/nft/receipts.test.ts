import { expect, it } from 'vitest';
import * as nft from '@contract/nft';
import * as notice from '@contract/notice';
import { DAY, MINUTE } from '../../testing/clock';
import { describeEachDatabase } from '../../testing/suite';
import { okOf } from '../../testing/wallet';
import { bidReq, buyReq, funded, listed, messages } from '../../testing/nft';

describeEachDatabase('NFT messages of the user’s own purchase, bid and blind box', ({ app }) => {
  it('a purchase, a bid and an opened blind box each leave one message and one notice', async () => {
    const t = app();
    const T = Date.UTC(2033, 0, 1);
    t.clock.set(new Date(T));
    const u = await funded(t);
    const term = { start: new Date(T - MINUTE), end: new Date(T + DAY) };
    const art = await listed(t, { payType: 1, price: '30', ...term });
    const lot = await listed(t, { payType: 2, price: '100', perIncrease: '10', margin: '20', ...term });
    const box = await listed(t, { payType: 3, price: '25', ...term }, 'blind_box');

    expect((await buyReq(t, u.token, art.id)).body.type).toBe('ok');
    expect((await bidReq(t, u.token, lot.id, '100')).body.type).toBe('ok');
    expect((await buyReq(t, u.token, box.id)).body.type).toBe('ok');
    okOf(nft.openBlindBox, (await t.call(nft.openBlindBox, { id: box.id }, { token: u.token })).body);

    const kinds = (await messages(t, u.token)).data.map((m) => [m.kind, m.artwork_id, m.price]);
    expect(kinds).toEqual([
      ['opened', box.id, null],
      ['bought', box.id, '25'],
      ['bid', lot.id, '100'],
      ['bought', art.id, '30'],
    ]);
    const inbox = okOf(notice.noticeList, (await t.call(notice.noticeList, { limit: 50 }, { token: u.token })).body);
    expect(inbox.list.filter((n) => n.type === 'nft.message')).toHaveLength(4);
  });
});
