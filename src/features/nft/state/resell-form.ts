import { useState } from 'react';
import { resellNFT, type NftArtworkDetail } from '@contract/nft';
import { useValidator } from '@/lib/validation';
import { defaultWindow, fromLocalInput, toLocalInput } from '../model/resale';

export interface ResellDraft {
  payType: 1 | 2;
  price: string;
  increase: string;
  margin: string;
  start: string;
  end: string;
}

/** The request a draft makes: a fixed price's increment defaults to its price; an auction's margin is optional. */
function requestOf(a: NftArtworkDetail, form: ResellDraft) {
  return {
    id: a.id,
    pay_type: form.payType,
    price: form.price.trim(),
    per_increase: form.payType === 2 ? form.increase.trim() : form.increase.trim() || form.price.trim(),
    ...(form.payType === 2 && form.margin.trim() ? { margin: form.margin.trim() } : {}),
    start_time: fromLocalInput(form.start),
    end_time: fromLocalInput(form.end),
  };
}

export type ResellRequest = ReturnType<typeof requestOf>;

/**
 * The resale draft (an auction over the default window at first), the first field the contract
 * refuses (cleared on any edit), and the checked request awaiting confirmation.
 */
export function useResellForm(a: NftArtworkDetail) {
  const validate = useValidator();
  const [form, setForm] = useState<ResellDraft>(() => {
    const w = defaultWindow(Date.now());
    return { payType: 2, price: '', increase: '', margin: '', start: toLocalInput(w.start), end: toLocalInput(w.end) };
  });
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [confirming, setConfirming] = useState<ResellRequest | null>(null);
  const set = (patch: Partial<ResellDraft>) => {
    setForm((f) => ({ ...f, ...patch }));
    setError(null);
  };
  const check = () => {
    const v = requestOf(a, form);
    const result = validate(resellNFT.request, v);
    if (!result.ok) setError({ field: result.field, message: result.message });
    else setConfirming(v);
  };
  return { form, set, error, check, confirming, setConfirming };
}
