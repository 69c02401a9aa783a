import { describe, expect, it } from 'vitest';
import { isAddressFor } from '@contract/fund';
import { isValidAddress } from './address-check';
import { depositAddress } from './deposit-address';

describe('withdrawal address validation', () => {
  it.each([
    ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['BTC', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297'],
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['ERC20', '0xdAC17F958D2ee523a2206206994597C13D831ec7'],
  ] as const)('accepts %s %s', (network, address) => {
    expect(isValidAddress(network, address)).toBe(true);
  });

  it.each([
    ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'legacy checksum'],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdp', 'bech32 checksum'],
    ['BTC', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'a TRON address'],
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'TRON checksum'],
    ['TRC20', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'a bitcoin address'],
    ['TRC20', 'T0000000000000000000000000000000000', 'not base58'],
    ['ERC20', '0xdAC17F958D2ee523a2206206994597C13D831ec', '39 hex digits'],
    ['ERC20', 'dAC17F958D2ee523a2206206994597C13D831ec7', 'no 0x'],
    ['ERC20', '0xgAC17F958D2ee523a2206206994597C13D831ec7', 'not hex'],
  ] as const)('refuses %s %s (%s)', (network, address, _why) => {
    expect(isValidAddress(network, address)).toBe(false);
  });

  it('derives deposit addresses that pass the same checks, one per user and chain', () => {
    for (const network of ['BTC', 'ERC20', 'TRC20'] as const) {
      const a = depositAddress(1, network);
      expect(isAddressFor(network, a)).toBe(true);
      expect(isValidAddress(network, a)).toBe(true);
      expect(depositAddress(1, network)).toBe(a);
      expect(depositAddress(2, network)).not.toBe(a);
    }
  });
});
