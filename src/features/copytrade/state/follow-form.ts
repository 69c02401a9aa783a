import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { FOLLOW_TYPES, followFollow, type Follow } from '@contract/copytrade';
import { useContractMessage, useValidator } from '@/lib/validation';
import { checkRange, type FollowDraft, type FollowProblem } from '../model/form';
import type { TraderDetail } from './traders';

const draftOf = (f: Follow | null): FollowDraft =>
  f
    ? { type: f.type, number: f.number.replace(/\.?0+$/, ''), maxAmount: f.max_amount?.replace(/\.?0+$/, '') ?? '' }
    : { type: FOLLOW_TYPES.multiple, number: '1', maxAmount: '' };

/**
 * The follow draft (the current follow's terms, or a multiple of 1), the first refusal, and the
 * checked draft awaiting confirmation. A first follow asks for the agreement (`mustAgree`).
 */
export function useFollowForm(trader: TraderDetail, agreementAccepted: boolean | undefined) {
  const { t } = useLingui();
  const validate = useValidator();
  const word = useContractMessage();
  const follow = trader.my_follow;
  const [draft, setDraft] = useState<FollowDraft>(() => draftOf(follow));
  const [error, setError] = useState('');
  const [pending, setPending] = useState<FollowDraft | null>(null);
  const [agreed, setAgreed] = useState(false);
  const mustAgree = agreementAccepted === false && !follow;
  const set = (patch: Partial<FollowDraft>) => (setDraft((d) => ({ ...d, ...patch })), setError(''));
  // Worded by the contract catalogue, exactly as the server would refuse it.
  const problemText = (p: FollowProblem) =>
    word({
      key: p.kind === 'multiple_range' ? 'follow_multiple_range' : 'follow_lots_range',
      values: { field: 'number' },
    });
  const review = () => {
    const checked = validate(followFollow.request, {
      trader_user_id: trader.user_id,
      type: draft.type,
      number: draft.number,
      max_amount: draft.maxAmount,
    });
    if (!checked.ok) return setError(checked.message);
    const problem = checkRange(draft);
    if (problem) return setError(problemText(problem));
    if (mustAgree && !agreed) return setError(t`Please read and accept the copy trading agreement first`);
    setPending(draft);
  };
  return { draft, set, error, pending, setPending, agreed, setAgreed, mustAgree, review };
}
