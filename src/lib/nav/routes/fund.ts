import { msg } from '@lingui/core/macro';
import { routeGroup } from '../route-group';
import { oneOf, searchValidator } from '../search-kit';

/** Coin selection leads on to recharge (`receive`) or withdraw. */
export const SELECT_NEXT = ['receive', 'withdraw'] as const;
export type SelectNext = (typeof SELECT_NEXT)[number];

export const fund = routeGroup(
  'fund',
  {
    select: msg`Select currency`,
    select_network: msg`Select network`,
    receive: msg`Recharge`,
    receive_withdraw_record: msg`Recharge and withdrawal records`,
    withdraw: msg`Withdraw`,
    assets: msg`Assets`,
    assets_record: msg`Account changes`,
    assets_all_record: msg`All records`,
    transfer: msg`Exchange`,
    fundTransfer: msg`Transfer`,
    transfer_history: msg`Transfer history`,
  },
  {
    select: searchValidator<{ next?: SelectNext }, { next: SelectNext }>((raw) => ({
      next: oneOf(SELECT_NEXT, raw.next) ?? 'receive',
    })),
  },
);
