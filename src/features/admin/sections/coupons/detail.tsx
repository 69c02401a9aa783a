import { Trans, useLingui } from '@lingui/react/macro';
import { adminCouponSave, type AdminCoupon, type CouponKind } from '@contract/coupon';
import { call } from '@/lib/http/client';
import { Panel } from '../../components';
import { Note, ProductForm, toLocalInput } from '../../products/form';
import { useCouponKindLabel } from './columns';
import { useCouponFields } from './fields';

interface CouponDetailProps {
  kind: CouponKind;
  /** The coupon to edit, or null for a new one of `kind`. */
  current: AdminCoupon | null;
  onSaved: () => void;
  onCancel: () => void;
}

/** Beside the list: a new coupon of one kind, or the one picked, with what its use pays. */
export function CouponDetail({ kind, current, onSaved, onCancel }: CouponDetailProps) {
  const { t } = useLingui();
  const kindName = useCouponKindLabel()(kind);
  const fields = useCouponFields(kind, current);
  const couponId = current?.id ?? 0;
  const fee = kind === 'futures_fee';
  return (
    <Panel title={current ? t`Coupon #${couponId}: ${kindName}` : t`New coupon: ${kindName}`}>
      <Note>
        {fee ? (
          <Trans>
            Used on a futures market open: the user names the coupon or the one saving the most is used; the discount is
            paid back from the house.
          </Trans>
        ) : (
          <Trans>
            Paid from the house when a recharge of at least the minimum, in this currency, is approved. Claimed coupons
            keep the terms they were claimed with.
          </Trans>
        )}
      </Note>
      <ProductForm
        key={`${current?.id ?? 'new'}:${kind}`}
        fields={fields}
        schema={adminCouponSave.request}
        extra={{ kind, ...(current ? { id: current.id } : {}) }}
        initial={{
          currency_id: String(current?.currency_id ?? 3),
          rate: current?.rate ?? '',
          cap: current?.cap ?? '',
          bonus: current?.bonus ?? '',
          min_amount: current?.min_amount ?? '0',
          total: current ? String(current.total) : '',
          per_user: current ? String(current.per_user) : '1',
          expires_at: toLocalInput(current?.expires_at),
          enabled: current?.enabled ?? true,
        }}
        confirmTitle={current ? t`Save the changes to this coupon?` : t`Issue this coupon?`}
        confirmBody={<Trans>Every use of this coupon pays its discount or bonus from the house account.</Trans>}
        onSubmit={(data) => call(adminCouponSave, data)}
        onSaved={onSaved}
        onCancel={onCancel}
      />
    </Panel>
  );
}
