import {
  loanAddCollateral,
  loanBorrow,
  loanDetail,
  loanList,
  loanQuote,
  loanRepay,
  loanTerms,
  type LoanTerm,
} from '@contract/loans';
import { walletDetail } from '@contract/wallet';
import { call } from '@/lib/http';

// Reads are quiet: the screen shows its own error state with a retry.
const quiet = { silent: true } as const;

export const fetchTerms = () => call(loanTerms, {}, quiet);
export const fetchQuote = (termsId: number, amount: string, collateral?: string) =>
  call(loanQuote, { terms_id: termsId, amount, ...(collateral ? { collateral } : {}) }, quiet);
export const fetchLoans = (status: 'open' | 'closed') => call(loanList, { status, page: 1, limit: 50 }, quiet);
export const fetchLoan = (id: number) => call(loanDetail, { id }, quiet);
/** The exchange (change) account: collateral is held from it, loans are paid to it. */
export const fetchBalance = (currency: number) => call(walletDetail, { currency, type: 'change' }, quiet);
export const sendBorrow = (key: string, termsId: number, amount: string, collateral: string, term: LoanTerm) =>
  call(loanBorrow, { terms_id: termsId, amount, collateral, term }, { idempotencyKey: key });
export const sendRepay = (key: string, id: number, amount: string) =>
  call(loanRepay, { id, amount }, { idempotencyKey: key });
export const sendAddCollateral = (key: string, id: number, amount: string) =>
  call(loanAddCollateral, { id, amount }, { idempotencyKey: key });
