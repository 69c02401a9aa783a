import { dualIndex } from '@contract/invest';
import { followIndex } from '@contract/copytrade';
import { projectList } from '@contract/ieo';
import { lockConfig } from '@contract/lockming';
import { getBoxList } from '@contract/nft';
import { call } from '@/lib/http';

// Background reads are quiet: on failure the stored copy stays on screen with its time.
const quiet = { silent: true } as const;

export const fetchProjects = () => call(projectList, { page: 1, limit: 50 }, quiet);
export const fetchLockProducts = () => call(lockConfig, {}, quiet);
export const fetchDualProducts = () => call(dualIndex, { type: 'call' }, quiet);
export const fetchTraders = () => call(followIndex, { page: 1, limit: 1 }, quiet);
export const fetchArtworks = () => call(getBoxList, { page: 1, limit: 1 }, quiet);
