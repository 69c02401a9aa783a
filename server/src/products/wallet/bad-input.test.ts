import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Endpoint } from '@contract/define';
import * as wallet from '@contract/wallet';
import { checkInvariants } from '../../ledger/index';
import { registerUser } from '../../testing/accounts';
import { describeOnOneDatabase } from '../../testing/suite';
import { callWithKey, walletAppOptions } from '../../testing/wallet';

const AMOUNT = 'Please enter the correct quantity, price or amount';
const BAD_AMOUNTS = [
  '-1',
  '0',
  '0.0000',
  '1.12345678901',
  'abc',
  '1e5',
  '0x10',
  '1,5',
  ' ',
  '1000000000000000',
  '99999999999999999999999',
];
/** The one amount rule of contract/domain/wire.ts names the field when only the decimals are wrong. */
const expectedFor = (n: string): string | RegExp =>
  n === ' ' ? /Quantity is required/ : n === '1.12345678901' ? 'Quantity has too many decimal places' : AMOUNT;

type Case = [string, Record<string, unknown>, string | RegExp];
const change = { currency_id: 3, number: '1', from_field: 'legal', to_field: 'change' };
const exchange = { number: '1', from_currency_id: 3, to_currency_id: 1 };

const cases: [Endpoint, Case[]][] = [
  [
    wallet.walletChange,
    [
      ...BAD_AMOUNTS.map((n): Case => [`number ${n}`, { ...change, number: n }, expectedFor(n)]),
      ['no number', { ...change, number: undefined }, /Quantity is required/],
      ['unknown currency', { ...change, currency_id: 999 }, 'Currency is invalid'],
      ['currency not a number', { ...change, currency_id: 'BTC' }, 'Currency is invalid'],
      ['negative currency', { ...change, currency_id: -3 }, 'Currency is invalid'],
      ['bad account', { ...change, to_field: 'savings' }, 'To account is invalid'],
      ['same account', { ...change, to_field: 'legal' }, 'Please choose two different accounts'],
    ],
  ],
  [
    wallet.transfer,
    [
      ...BAD_AMOUNTS.map((n): Case => [`number ${n}`, { ...exchange, number: n }, expectedFor(n)]),
      ['same currency', { ...exchange, to_currency_id: 3 }, 'Please choose two different currencies'],
      ['unknown currency', { ...exchange, to_currency_id: 999 }, 'To currency is invalid'],
      ['huge id', { ...exchange, from_currency_id: '99999999999' }, 'From currency is invalid'],
    ],
  ],
  [
    wallet.transferFee,
    [
      ['same currency', { from_currency_id: 1, to_currency_id: 1 }, 'Please choose two different currencies'],
      ['unknown', { from_currency_id: 1, to_currency_id: 999 }, 'To currency is invalid'],
      ['not a number', { from_currency_id: 'x', to_currency_id: 1 }, 'From currency is invalid'],
      ['fraction', { from_currency_id: '1.5', to_currency_id: 3 }, 'From currency is invalid'],
    ],
  ],
  [
    wallet.walletDetail,
    [
      ['unknown currency', { currency: 999, type: 'legal' }, 'Currency is invalid'],
      ['zero currency', { currency: 0, type: 'legal' }, 'Currency is invalid'],
      ['bad type', { currency: 1, type: 'savings' }, 'Type is invalid'],
      ['no type', { currency: 1 }, /Type is (required|invalid)/],
    ],
  ],
  [
    wallet.legalLog,
    [
      ['page 0', { page: 0 }, 'Page is invalid'],
      ['page -1', { page: -1 }, 'Page is invalid'],
      ['page x', { page: 'x' }, 'Page is invalid'],
      ['limit 1000', { limit: 1000 }, 'Page size is invalid'],
      ['bad type', { type: 'x' }, 'Type is invalid'],
    ],
  ],
  [wallet.hzHistory, [['page x', { page: 'x' }, 'Page is invalid']]],
  [
    wallet.rateCurrency,
    [
      ['unknown', { id: 999 }, 'ID is invalid'],
      ['not a number', { id: 'BTC' }, 'ID is invalid'],
    ],
  ],
  [wallet.walletList, [['unknown fiat', { currency_code: 'XYZ' }, 'Fiat currency is invalid']]],
];

describeOnOneDatabase(
  'wallet bad input',
  ({ app, database }) => {
    for (const [endpoint, list] of cases) {
      it(`${endpoint.path} refuses bad input without moving money`, async () => {
        const { token } = await registerUser(app());
        for (const [name, data, message] of list) {
          const body = { ...data, lang: 'en' };
          const res =
            endpoint.method === 'POST'
              ? await callWithKey(app(), endpoint, body, { token, key: randomUUID() })
              : await app().call(endpoint, body, { token });
          expect(res.status, name).toBe(200);
          expect(res.body.type, name).toBe('error');
          if (typeof message === 'string') expect(res.body.message, name).toBe(message);
          else expect(res.body.message, name).toMatch(message);
        }
        const legal = await app().call(wallet.walletDetail, { currency: 3, type: 'legal' }, { token });
        expect(legal.body.message).toMatchObject({ available: '10000', held: '0' });
        expect((await checkInvariants(database().db)).ok).toBe(true);
      });
    }

    it('answers 999 to every wallet endpoint without a session', async () => {
      const endpoints = Object.values(wallet as Record<string, unknown>).filter(
        (v): v is Endpoint => typeof v === 'object' && v !== null && 'path' in v && 'method' in v,
      );
      expect(endpoints.length).toBe(12);
      for (const endpoint of endpoints) {
        expect((await app().call(endpoint, {})).body.type, endpoint.path).toBe('999');
      }
    });
  },
  walletAppOptions,
);
