import { inviteInfo, inviteTeam, rebateRecords, rebateTotals } from '@contract/invite';
import { getSiteConfig } from '@contract/site';
import { call } from '@/lib/http';

// Background reads are quiet: on failure the stored copy stays on screen with its time.
const quiet = { silent: true } as const;

export const PAGE = 10;

export const fetchInfo = () => call(inviteInfo, {}, quiet);
export const fetchTeam = (generation: number, page: number) =>
  call(inviteTeam, { generation, page, limit: PAGE }, quiet);
export const fetchRebates = (page: number) => call(rebateRecords, { page, limit: PAGE }, quiet);
export const fetchTotals = () => call(rebateTotals, {}, quiet);
/** The site's name for the poster and share text, when the app opened here before home ever did. */
export const fetchSite = () => call(getSiteConfig, {}, quiet);
