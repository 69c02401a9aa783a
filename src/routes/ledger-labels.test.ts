import { describe, expect, it } from 'vitest';
import { LEDGER_KINDS } from '@contract/domain/ledger-kinds';
import { recordSchema } from '@contract/wallet';
import { RECORD_KINDS } from './ledger-labels';

describe('record kinds', () => {
  it('has a label for every kind the server posts', () => {
    for (const kind of LEDGER_KINDS) expect(RECORD_KINDS[kind], kind).toMatchObject({ id: expect.any(String) });
    expect(Object.keys(RECORD_KINDS).sort()).toEqual([...LEDGER_KINDS].sort());
  });

  it('refuses a record of a kind outside the contract', () => {
    const record = {
      id: 1,
      currency: 1,
      currency_name: 'BTC',
      type: 'legal',
      bucket: 'held',
      amount: '-1',
      balance_after: '1',
      kind: 'withdrawal_hold',
      reason: '',
      demo: false,
      created_at: '2026-01-01T00:00:00.000Z',
    };
    expect(recordSchema.safeParse(record).success).toBe(true);
    expect(recordSchema.safeParse({ ...record, kind: 'mystery' }).success).toBe(false);
  });
});
