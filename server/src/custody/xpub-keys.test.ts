import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { isValidAddress } from '../products/fund/address-check';
import { addressAt, parseAccountKey } from './xpub-keys';

/** The mnemonic of the BIP 84 test vectors, which wallets also use for their Ethereum and TRON tests. */
const root = HDKey.fromMasterSeed(
  mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'),
);
const accountXpub = (path: string) => root.derive(path).publicExtendedKey;

/** BIP 84's account 0 extended public key and its first receive addresses. */
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

describe('addresses from account public keys', () => {
  it("derives BIP 84's native segwit receive addresses from its zpub, and the same from the xpub form", () => {
    const key = parseAccountKey('BTC', BIP84_ZPUB);
    expect(addressAt('BTC', key, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(addressAt('BTC', key, 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    const xpub = parseAccountKey('BTC', accountXpub("m/84'/0'/0'"));
    expect(addressAt('BTC', xpub, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  });

  it("derives the mnemonic's first Ethereum account (EIP-55) and TRON address from account xpubs", () => {
    const eth = parseAccountKey('ETH', accountXpub("m/44'/60'/0'"));
    expect(addressAt('ERC20', eth, 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    const trx = parseAccountKey('TRX', accountXpub("m/44'/195'/0'"));
    expect(addressAt('TRC20', trx, 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    expect(isValidAddress('TRC20', addressAt('TRC20', trx, 7))).toBe(true);
    expect(isValidAddress('BTC', addressAt('BTC', parseAccountKey('BTC', BIP84_ZPUB), 7))).toBe(true);
  });

  it('refuses private keys, keys of the wrong kind or level, and garbage, saying why', () => {
    expect(() => parseAccountKey('ETH', root.derive("m/44'/60'/0'").privateExtendedKey)).toThrow(/private key/);
    expect(() => parseAccountKey('BTC', `zprv${BIP84_ZPUB.slice(4)}`)).toThrow(/private key/);
    expect(() => parseAccountKey('ETH', BIP84_ZPUB)).toThrow(/mainnet xpub/);
    expect(() => parseAccountKey('BTC', root.publicExtendedKey)).toThrow(/m\/84'\/0'\/0' \(depth 3, got depth 0\)/);
    expect(() => parseAccountKey('TRX', 'tpubD6NzVbkrYhZ4X')).toThrow(/mainnet xpub/);
    expect(() => parseAccountKey('BTC', `${BIP84_ZPUB.slice(0, -1)}t`)).toThrow(/not a valid extended public key/);
  });
});
