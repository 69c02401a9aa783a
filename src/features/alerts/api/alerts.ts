import { alertCreate, alertDelete, alertList, alertPause, alertResume, type AlertKind } from '@contract/alerts';
import { marketDetail } from '@contract/market';
import { call } from '@/lib/http';

// Reads are quiet: the screen shows its own error state with a retry.
const quiet = { silent: true } as const;

export const fetchAlerts = () => call(alertList, {}, quiet);
/** The pair's live quote (price, 24 h change, price decimals) for the sheet's "now" line. */
export const fetchQuote = (symbol: string) => call(marketDetail, { symbol }, quiet).then((d) => d.quote);

export interface NewAlert {
  pair_id: number;
  kind: AlertKind;
  price?: string;
  percent?: string;
  repeat: boolean;
  cooldown_minutes: number;
}

export const sendCreate = (a: NewAlert) => call(alertCreate, a);
export const sendPause = (id: number) => call(alertPause, { id });
export const sendResume = (id: number) => call(alertResume, { id });
export const sendDelete = (id: number) => call(alertDelete, { id });
