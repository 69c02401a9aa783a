import { Trans, useLingui } from '@lingui/react/macro';
import confirm from '@/components/ConfirmSheet/confirm.module.css';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import type { ResellRequest } from '../state/resell-form';

/** What the confirmation sheet restates: mode, price, increment for an auction, and the window. */
export function ResellSummary({ request, currency: c }: { request: ResellRequest; currency: string }) {
  const { t } = useLingui();
  const locale = activeBcp47();
  return (
    <dl className={confirm.confirmList}>
      <dt>
        <Trans>Sale mode</Trans>
      </dt>
      <dd>{request.pay_type === 2 ? t`Auction` : t`Fixed price`}</dd>
      <dt>{request.pay_type === 2 ? <Trans>Starting price</Trans> : <Trans>Price</Trans>}</dt>
      <dd>
        {request.price} {c}
      </dd>
      {request.pay_type === 2 && (
        <>
          <dt>
            <Trans>Increment per bid</Trans>
          </dt>
          <dd>
            {request.per_increase} {c}
          </dd>
        </>
      )}
      <dt>
        <Trans>Start time</Trans>
      </dt>
      <dd>{formatDateTime(request.start_time ?? 0, locale)}</dd>
      <dt>
        <Trans>End time</Trans>
      </dt>
      <dd>{formatDateTime(request.end_time ?? 0, locale)}</dd>
    </dl>
  );
}
