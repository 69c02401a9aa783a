import { useEffect, useState } from 'react';
import { Button, CheckList, DotLoading, ErrorBlock, Popup } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { fiatRates } from '@contract/market';
import { call } from '@/lib/http';
import { fiatAtom, fiatListAtom } from '@/lib/state';
import { apiErrorsShown } from '@/lib/submit';
import styles from './settings.module.css';

interface Props {
  visible: boolean;
  onClose: () => void;
}

/**
 * The default fiat currency prices are also shown in. Choices and rates come from the stored
 * table (fetched here when the device has none yet), so the rate always matches the currency.
 */
export function FiatSheet({ visible, onClose }: Props) {
  const { t } = useLingui();
  const [fiat, setFiat] = useAtom(fiatAtom);
  const [list, setList] = useAtom(fiatListAtom);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const empty = list.length === 0;

  useEffect(() => {
    if (!visible || !empty) return;
    let live = true;
    call(fiatRates, {}).then(
      ({ rates }) => live && setList(rates),
      (error: unknown) => {
        apiErrorsShown('fiat rates')(error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [visible, empty, attempt, setList]);

  const choose = (code: unknown) => {
    const rate = list.find((r) => r.currency_code === code);
    if (rate) setFiat({ currency_code: rate.currency_code, rate: rate.rate, saveTime: fiat.saveTime || Date.now() });
    onClose();
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet} showCloseButton>
      <h2 className={styles.sheetTitle}>{t`Default fiat currency`}</h2>
      {empty && failed && (
        <ErrorBlock status="disconnected" title={t`Could not load the currencies`} description="">
          <Button
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            <Trans>Try again</Trans>
          </Button>
        </ErrorBlock>
      )}
      {empty && !failed && (
        <div className={styles.loading}>
          <DotLoading color="primary" />
        </div>
      )}
      <CheckList value={[fiat.currency_code]} onChange={(values) => choose(values[0] ?? fiat.currency_code)}>
        {list.map((r) => (
          <CheckList.Item key={r.currency_code} value={r.currency_code}>
            {r.currency_code}
          </CheckList.Item>
        ))}
      </CheckList>
    </Popup>
  );
}
