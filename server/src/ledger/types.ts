import type { LedgerKind } from '@contract/domain/ledger-kinds';
import { WALLET_TYPE_IDS, WALLET_TYPES, type WalletType } from '@contract/wallet';
import type { Tx } from '../db/client';
import type { MoneyInput } from './money';

export type { Tx };

export const SYSTEM_ACCOUNTS = [
  'house',
  'fees',
  'demo_faucet',
  'external_deposits',
  'external_withdrawals',
  'insurance',
  /** The house market maker's inventory: its resting orders hold from it like a user's. */
  'maker',
  /** Stakes of open seconds contracts, from acceptance until settlement (`seconds/escrow.ts`). */
  'micro_escrow',
] as const;
export type SystemAccountName = (typeof SYSTEM_ACCOUNTS)[number];

/**
 * Sources whose balance may go below zero: money that enters the books from outside (deposits,
 * demo funds) and the house, which is the counterparty of exchanges and trades.
 */
export const NEGATIVE_ALLOWED: ReadonlySet<SystemAccountName> = new Set(['house', 'demo_faucet', 'external_deposits']);

/**
 * System accounts every user's postings touch: each is split into SYSTEM_SHARDS rows per currency
 * (see `shardOf`), so concurrent exchanges and trades of different users lock different rows
 * instead of queueing on one. Balance reports sum the shards.
 */
export const SHARDED: ReadonlySet<SystemAccountName> = new Set(['house', 'fees', 'insurance', 'micro_escrow']);
export const SYSTEM_SHARDS = 16;

export type AccountRef =
  | { userId: number; currencyId: number; type: WalletType }
  /** `shard` of a SHARDED account: chosen when posting if not given; always 0 for the others. */
  | { system: SystemAccountName; currencyId: number; shard?: number };

export type Bucket = 'available' | 'held';

export interface EntryInput {
  account: AccountRef;
  /** Signed: negative debits the bucket, positive credits it. */
  amount: MoneyInput;
  bucket?: Bucket;
}

export interface PostInput {
  entries: EntryInput[];
  kind: LedgerKind;
  reason?: string;
  /** The user this transaction belongs to in records; defaults to the only user among entries. */
  userId?: number | null;
  demo?: boolean;
  meta?: Record<string, unknown>;
  /** Transaction time; defaults to now. */
  at?: Date;
}

export interface PostedEntry {
  id: number;
  accountId: number;
  account: AccountRef;
  bucket: Bucket;
  amount: string;
  balanceAfter: string;
}

export interface Posted {
  txId: number;
  createdAt: Date;
  entries: PostedEntry[];
}

export const userAccount = (userId: number, currencyId: number, type: WalletType): AccountRef => ({
  userId,
  currencyId,
  type,
});

export const systemAccount = (name: SystemAccountName, currencyId: number, shard?: number): AccountRef =>
  shard === undefined ? { system: name, currencyId } : { system: name, currencyId, shard };

export const ownerOf = (ref: AccountRef): string => ('system' in ref ? `s:${ref.system}` : `u:${ref.userId}`);
export const typeIdOf = (ref: AccountRef): number => ('system' in ref ? 0 : WALLET_TYPE_IDS[ref.type]);
export const shardOf = (ref: AccountRef): number => ('system' in ref ? (ref.shard ?? 0) : 0);
export const keyOf = (ref: AccountRef): string => `${ownerOf(ref)}|${ref.currencyId}|${typeIdOf(ref)}|${shardOf(ref)}`;

export const walletTypeOf = (typeId: number): WalletType | undefined => WALLET_TYPES[typeId - 1];

/** Thrown for misuse of the ledger API (unbalanced transaction, closed hold): a bug, not user input. */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}
