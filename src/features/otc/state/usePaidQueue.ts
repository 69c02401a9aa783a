import { useCallback, useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Dexie } from 'dexie';
import { useAtomValue } from 'jotai';
import { db } from '@/lib/db';
import { requestOutboxSync } from '@/lib/outbox/page';
import { languageAtom, tokenAtom, userAtom } from '@/lib/state';
import { dismissPaid, queuePaid } from '../model/paidQueue';
import { queuedPaidKind, type PaidView } from '../outbox/paidKind';

/** A "paid" of this order saved while the network failed: when, and what became of it. */
export interface QueuedPaidEntry extends PaidView {
  key: string;
  at: number;
}

export interface PaidQueue {
  /** The newest queued "paid" of the order, until the view has taken its result. */
  entry: QueuedPaidEntry | undefined;
  /**
   * Saves the proof for the outbox to send, with its reference when it is already uploaded and,
   * after a lost answer, the key of that attempt so the server applies the mark once.
   */
  queue: (image: File, proof?: string, key?: string) => Promise<void>;
  dismiss: () => void;
}

/**
 * The order's "I have paid" waiting in the outbox, live from Dexie. Sending it is the outbox's
 * job (Background Sync, or the app shell's replay); once it is sent `onSent` reads the order
 * again and the entry is forgotten. A refusal stays shown until dismissed.
 */
export function usePaidQueue(orderId: number, onSent: () => void): PaidQueue {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const token = useAtomValue(tokenAtom);
  const lang = useAtomValue(languageAtom);
  const kind = queuedPaidKind(uid);
  const row = useLiveQuery(
    () =>
      db.records
        .where('[kind+createdAt]')
        .between([kind, Dexie.minKey], [kind, Dexie.maxKey])
        .reverse()
        .filter((r) => (r.data as PaidView).orderId === orderId)
        .first(),
    [kind, orderId],
  );
  const entry = row ? { key: row.id, at: row.createdAt, ...(row.data as PaidView) } : undefined;
  const key = entry?.key;
  const state = entry?.state;

  useEffect(() => {
    if (!key || state === 'queued') return;
    // Either way the order has moved (paid, or cancelled when its window ended): read it again.
    onSent();
    if (state === 'sent') void dismissPaid(db, uid, key);
  }, [key, state, uid, onSent]);

  const queue = useCallback(
    async (image: File, proof?: string, key?: string) => {
      const payload = { uid, token, lang, orderId, image, fileName: image.name || 'proof', proof };
      await queuePaid(db, payload, Date.now(), key);
      await requestOutboxSync();
    },
    [uid, token, lang, orderId],
  );

  const dismiss = useCallback(() => {
    if (key) void dismissPaid(db, uid, key);
  }, [key, uid]);

  return { entry, queue, dismiss };
}
