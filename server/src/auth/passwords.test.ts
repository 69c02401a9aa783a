import { describe, expect, it } from 'vitest';
import { hashPassword, verifyDummyPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with scrypt, a random salt and the parameters stored alongside', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$15\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsf', a)).toBe(false);
  });

  it('hashes at a given cost, and checks each hash at the cost it records', async () => {
    const cheap = await hashPassword('correct horse', 10);
    expect(cheap).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(await verifyPassword('correct horse', cheap)).toBe(true);
    expect(await verifyPassword('correct horsf', cheap)).toBe(false);
    await expect(verifyDummyPassword('anything', 10)).resolves.toBeUndefined();
  });

  it('rejects malformed stored hashes instead of throwing', async () => {
    for (const stored of ['', 'plain', 'scrypt$15$8$1$$', 'bcrypt$1$2$3$a$b', 'scrypt$99$8$1$YWJj$YWJj']) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });

  it('has a dummy check for unknown accounts that resolves', async () => {
    await expect(verifyDummyPassword('anything')).resolves.toBeUndefined();
  });
});
