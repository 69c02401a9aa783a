import { antiPhishingGet, antiPhishingRemove, antiPhishingSet } from '@contract/anti-phishing';
import { call } from '@/lib/http';
import { offlineQuiet } from './security';

export const fetchAntiPhishing = () => call(antiPhishingGet, {}, offlineQuiet());
export const saveAntiPhishing = (code: string, stepUp?: string) =>
  call(antiPhishingSet, { anti_phishing_code: code, ...(stepUp ? { step_up: stepUp } : {}) });
export const removeAntiPhishing = (stepUp: string) => call(antiPhishingRemove, { step_up: stepUp });
