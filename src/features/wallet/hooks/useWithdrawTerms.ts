import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { WithdrawMethod } from '@contract/fund';
import { chosenAddressId } from '../model/withdraw';
import type { useWithdrawTargets } from './useWithdrawTargets';

/**
 * Where a withdrawal by `method` goes (the tapped or default address, or the bound card), and the
 * fee, minimum and arrival time that apply there.
 */
export function useWithdrawTerms(
  targets: ReturnType<typeof useWithdrawTargets>,
  method: WithdrawMethod,
  tappedAddressId: number | null,
) {
  const { t } = useLingui();
  const info = targets.info.value;
  const addresses = targets.addresses.value?.data;
  const addressId = chosenAddressId(addresses, tappedAddressId);
  const address = addresses?.find((a) => a.id === addressId) ?? null;
  const net =
    info?.networks.find((n) => n.network === address?.network) ??
    info?.networks.find((n) => n.network === info.default_network);
  const terms =
    method === 'address' ? (net ? { fee: net.withdraw_fee, min: net.withdraw_min } : undefined) : info?.[method];
  const arrival =
    method === 'address'
      ? net
        ? t`About ${plural(net.arrival_minutes, { one: '# minute', other: '# minutes' })}`
        : '--'
      : method === 'bank'
        ? (info?.bank.arrival ?? '--')
        : t`5-7 business days`;
  const card =
    method === 'bank'
      ? targets.bank.value?.card_number
      : method === 'international'
        ? targets.international.value?.account_number
        : null;
  const destination = method === 'address' ? (address?.address ?? '') : (card ?? '');
  return { addresses, addressId, terms, arrival, card, destination };
}
