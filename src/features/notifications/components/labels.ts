import { useLingui } from '@lingui/react/macro';
import type { PushCategory } from '@contract/push';

/** The name and a one-line description of each notification category, in the user's language. */
export function useCategoryLabels(): Record<PushCategory, { name: string; about: string }> {
  const { t } = useLingui();
  return {
    system: { name: t`System announcements`, about: t`Maintenance, new features and notices from the platform` },
    trade: { name: t`Spot orders`, about: t`Orders filled, partly filled or cancelled` },
    auction: { name: t`NFT auctions`, about: t`Outbid, ending in 10 minutes, won, payment due and expired` },
    settlement: {
      name: t`Settlements`,
      about: t`Options settled, take-profit, stop-loss or liquidation, matured finance products`,
    },
    wallet: { name: t`Wallet`, about: t`Recharge and withdrawal reviews` },
    security: { name: t`Security`, about: t`New sign-ins and password changes` },
    nft: { name: t`NFT`, about: t`Purchases, sales and blind boxes` },
    support: { name: t`Customer service`, about: t`Answers from customer service` },
  };
}
