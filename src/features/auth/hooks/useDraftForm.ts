import { useState } from 'react';
import { useAtom, type PrimitiveAtom } from 'jotai';
import type { FieldError } from '@/components/FormField';
import { ACCOUNT_FIELDS } from '../model/schemas';

/** The account input holds the value checked as `email` or `mobile` (and the dialling code). */
const covers = (key: string, field: string) =>
  key === field ||
  ((key === 'user_string' || key === 'account') && (ACCOUNT_FIELDS as readonly string[]).includes(field));

/** A form over a draft atom with one field error at a time, shown at the field it names. */
export function useDraftForm<T extends object>(draftAtom: PrimitiveAtom<T>) {
  const [draft, setDraft] = useAtom(draftAtom);
  const [error, setError] = useState<FieldError | null>(null);

  const set =
    <K extends keyof T & string>(key: K) =>
    (value: T[K]) => {
      setDraft((d) => ({ ...d, [key]: value }));
      setError((e) => (e && covers(key, e.field) ? null : e));
    };

  const errorFor = (...fields: string[]) => (error && fields.includes(error.field) ? error.message : undefined);

  return { draft, setDraft, set, error, setError, errorFor };
}
