import { useState } from 'react';
import { Button } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSubmit } from '@/lib/submit';
import { requestReal } from '../api/identity';
import { useImageUpload } from '@/lib/upload/useImageUpload';
import { ImagePick } from '@/components/ImagePick/ImagePick';
import styles from './identity.module.css';

/** Advanced verification: front and back of the document and a picture holding it. */
export function LevelTwoForm({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useLingui();
  const front = useImageUpload();
  const reverse = useImageUpload();
  const hand = useImageUpload();
  const [missing, setMissing] = useState<string[]>([]);

  const { submit, busy } = useSubmit(
    async () => {
      const [f, r, h] = await Promise.all([front.ensure(), reverse.ensure(), hand.ensure()]);
      const gaps = [
        ['front', f.ref],
        ['reverse', r.ref],
        ['hand', h.ref],
      ]
        .filter(([, ref]) => !ref)
        .map(([k]) => k as string);
      setMissing(gaps);
      if (gaps.length > 0) return;
      await requestReal({ real_type: '2', front_pic: f.ref!, reverse_pic: r.ref!, hand_pic: h.ref! });
      onSubmitted();
    },
    { name: 'identity level 2' },
  );

  const need = (k: string) => (missing.includes(k) ? t`Please upload this picture` : undefined);
  return (
    <>
      <div className={styles.pics}>
        <ImagePick label={t`Front of the document`} upload={front} error={need('front')} />
        <ImagePick label={t`Back of the document`} upload={reverse} error={need('reverse')} />
        <ImagePick label={t`Holding the document`} upload={hand} error={need('hand')} />
      </div>
      <Button className={styles.submit} block color="primary" loading={busy} disabled={busy} onClick={submit}>
        <Trans>Submit for review</Trans>
      </Button>
    </>
  );
}
