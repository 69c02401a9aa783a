import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { adminCouponList, type AdminCoupon, type CouponKind } from '@contract/coupon';
import { call } from '@/lib/http/client';
import { AdminButton, SectionPage } from '../components';
import { CatalogList, useCatalogEditor } from '../products/catalog';
import type { SectionMeta } from '../section';
import { useCouponColumns } from './coupons/columns';
import { CouponDetail } from './coupons/detail';

export const meta: SectionMeta = {
  key: 'coupons',
  title: msg`Coupons`,
  group: 'products',
  roles: ['admin'],
  order: 80,
};

type Editing = AdminCoupon | { kind: CouponKind; id?: undefined };

/** Coupons users claim in the coupon centre: futures fee discounts and recharge bonuses. */
export default function CouponsSection() {
  const editor = useCatalogEditor<Editing>();
  const { editing, edit } = editor;
  const current = editing && editing.id !== undefined ? editing : null;
  const columns = useCouponColumns();
  const detail = editing && (
    <CouponDetail kind={editing.kind} current={current} onSaved={editor.saved} onCancel={editor.close} />
  );

  return (
    <SectionPage
      title={<Trans>Coupons</Trans>}
      actions={
        <>
          <AdminButton kind="primary" onClick={() => edit({ kind: 'futures_fee' })}>
            <Trans>New fee discount</Trans>
          </AdminButton>
          <AdminButton kind="primary" onClick={() => edit({ kind: 'recharge_bonus' })}>
            <Trans>New recharge bonus</Trans>
          </AdminButton>
        </>
      }
    >
      <CatalogList
        editor={editor}
        columns={columns}
        load={(page) => call(adminCouponList, { page, limit: 20 })}
        rowKey={(c) => c.id}
        selectedKey={current?.id}
        empty={<Trans>No coupons yet</Trans>}
        detail={detail}
      />
    </SectionPage>
  );
}
