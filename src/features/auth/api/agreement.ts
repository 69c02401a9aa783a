import { getSetting } from '@contract/site';
import { call } from '@/lib/http';

export const fetchRegisterAgreement = () => call(getSetting, { keyword: 'register_agreement' });
