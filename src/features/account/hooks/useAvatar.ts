import { useCallback, useEffect, useMemo, useState } from 'react';
import { Toast } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { Dexie } from 'dexie';
import { useAtomValue } from 'jotai';
import { db } from '@/lib/db';
import { ApiError } from '@/lib/http';
import { uploadFile } from '@/lib/http/upload';
import { requestOutboxSync } from '@/lib/outbox/page';
import { languageAtom, tokenAtom, userAtom } from '@/lib/state';
import { reportUnexpected } from '@/lib/submit';
import { refreshUser } from '@/lib/user';
import { sendAvatar } from '../api/profile';
import { dismissAvatar, queueAvatar } from '../model/avatarQueue';
import { queuedAvatarKind, type AvatarView } from '../outbox/avatarKind';

const FILE_NAME = 'avatar.jpg';
const lost = (e: unknown) => e instanceof ApiError && (e.type === 'network' || e.type === 'timeout');

export interface AvatarState {
  /** What to show: the waiting local copy, else the server's avatar ('' for none). */
  src: string;
  /** The local copy waits for the network. */
  waiting: boolean;
  /** The server refused the queued avatar (its localized words); the old avatar is shown. */
  refused: string;
  busy: boolean;
  change: (cropped: Blob) => Promise<void>;
  dismiss: () => void;
}

/**
 * The avatar and its changes. Online, the cropped picture is uploaded and set at once; offline (or
 * when the network drops on the way) it is queued in the outbox and shown from the local copy,
 * marked as waiting, until the worker or the page has sent it; then the server's avatar replaces
 * it. A refusal is shown and the old avatar stays.
 */
export function useAvatar(): AvatarState {
  const { t } = useLingui();
  const user = useAtomValue(userAtom);
  const token = useAtomValue(tokenAtom);
  const lang = useAtomValue(languageAtom);
  const uid = user?.id ?? 0;
  const kind = queuedAvatarKind(uid);
  const [busy, setBusy] = useState(false);

  const newest = useLiveQuery(
    () => db.records.where('[kind+createdAt]').between([kind, Dexie.minKey], [kind, Dexie.maxKey]).reverse().first(),
    [kind],
  );
  const view = newest?.data as AvatarView | undefined;
  // One object URL per local copy, released when the copy changes or the screen closes.
  const image = view && view.state !== 'rejected' ? view.image : undefined;
  const localUrl = useMemo(() => (image ? URL.createObjectURL(image) : ''), [image]);
  useEffect(() => () => void (localUrl && URL.revokeObjectURL(localUrl)), [localUrl]);

  // Sent: take the server's user (with its avatar), then forget the local copy.
  const key = newest?.id;
  const sent = view?.state === 'sent';
  useEffect(() => {
    if (!sent || !key) return;
    refreshUser({ silent: true })
      .catch((e: unknown) => {
        if (!(e instanceof ApiError)) reportUnexpected(e, 'avatar refresh');
      })
      .finally(() => void dismissAvatar(db, uid, key));
  }, [sent, key, uid]);

  const queue = useCallback(
    async (image: Blob, upload?: string) => {
      await queueAvatar(db, { uid, token, lang, image, fileName: FILE_NAME, upload });
      await requestOutboxSync();
      Toast.show({ content: t`Saved. Your new avatar will be uploaded when the network returns.` });
    },
    [uid, token, lang, t],
  );

  const change = useCallback(
    async (cropped: Blob) => {
      if (busy) return;
      setBusy(true);
      let ref: string | undefined;
      try {
        if (!navigator.onLine) return await queue(cropped);
        ref = await uploadFile(cropped, undefined, { silent: true, fileName: FILE_NAME });
        await sendAvatar(ref);
        await refreshUser({ silent: true });
        Toast.show({ icon: 'success', content: t`Avatar updated` });
      } catch (e) {
        if (lost(e)) await queue(cropped, ref);
        else if (e instanceof ApiError) Toast.show({ icon: 'fail', content: e.message });
        else reportUnexpected(e, 'avatar');
      } finally {
        setBusy(false);
      }
    },
    [busy, queue, t],
  );

  const dismiss = useCallback(() => {
    if (key) void dismissAvatar(db, uid, key);
  }, [key, uid]);

  const waiting = view?.state === 'queued';
  const showLocal = (waiting || sent) && localUrl !== '';
  return {
    src: showLocal ? localUrl : (user?.head_portrait ?? ''),
    waiting,
    refused: view?.state === 'rejected' ? (view.error ?? '') : '',
    busy,
    change,
    dismiss,
  };
}
