import { useLingui } from '@lingui/react/macro';
import { NFT_RARITIES } from '@contract/nft';
import type { FieldSpec } from '../../products/form';
import type { Option } from './use-collections';

/** The artwork types by name, a sealed blind box included. */
export function useArtworkTypeLabels(): Record<string, string> {
  const { t } = useLingui();
  return {
    image: t`Image`,
    gif: t`Animation`,
    audio: t`Audio`,
    video: t`Video`,
    blind_box: t`Blind box`,
  };
}

/** The fields of a new artwork with its first sale, and the few an existing one may change. */
export function useArtworkFields(collections: Option[] | null): { createFields: FieldSpec[]; editFields: FieldSpec[] } {
  const { t } = useLingui();
  const typeLabels = useArtworkTypeLabels();
  const createFields: FieldSpec[] = [
    { name: 'name', label: t`Name`, kind: 'text' },
    {
      name: 'collection_id',
      label: t`Collection`,
      kind: 'select',
      options: collections ?? [],
      hint: t`The artist is the collection's; blind box series are not made here`,
    },
    {
      name: 'type',
      label: t`Type`,
      kind: 'select',
      options: (['image', 'gif', 'audio', 'video'] as const).map((v) => ({ value: v, label: typeLabels[v]! })),
    },
    { name: 'rarity', label: t`Rarity`, kind: 'select', options: NFT_RARITIES.map((r) => ({ value: r, label: r })) },
    {
      name: 'pay_type',
      label: t`Sale mode`,
      kind: 'select',
      options: [
        { value: '1', label: t`Fixed price` },
        { value: '2', label: t`Auction` },
      ],
    },
    {
      name: 'currency_id',
      label: t`Currency`,
      kind: 'select',
      options: [
        { value: '3', label: 'USDT' },
        { value: '2', label: 'ETH' },
      ],
    },
    { name: 'price', label: t`Price or starting bid`, kind: 'decimal' },
    { name: 'per_increase', label: t`Least raise (auctions)`, kind: 'decimal' },
    {
      name: 'margin',
      label: t`Bidder margin (auctions)`,
      kind: 'decimal',
      hint: t`Required for auctions: held from each bidder, returned to losers, part of the winner's payment`,
    },
    { name: 'start_time', label: t`Sale starts`, kind: 'datetime' },
    { name: 'end_time', label: t`Sale ends`, kind: 'datetime', hint: t`At most 90 days after the start` },
    { name: 'description', label: t`Description`, kind: 'textarea' },
  ];
  const editFields: FieldSpec[] = [
    { name: 'name', label: t`Name`, kind: 'text' },
    { name: 'description', label: t`Description`, kind: 'textarea' },
  ];
  return { createFields, editFields };
}
