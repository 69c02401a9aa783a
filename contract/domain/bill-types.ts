/**
 * The bill types of the statement (SPEC.md setting/bill): every ledger kind is filed under one, so
 * a product names the type of each kind it adds where it declares the kind.
 */
export const BILL_TYPES = [
  'recharge',
  'withdrawal',
  'transfer',
  'exchange',
  'spot',
  'futures',
  'seconds',
  'earn',
  'coupon',
  'other',
] as const;
export type BillType = (typeof BILL_TYPES)[number];

/**
 * Ledger kinds with the bill type their entries are filed under. The core's are in
 * `ledger-kinds.ts`, a product's in its contract file, collected by `contract/products/index.ts`.
 */
export const ledgerKinds = <K extends string>(kinds: Record<K, BillType>): Record<K, BillType> => kinds;
