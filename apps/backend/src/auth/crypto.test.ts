import { describe, expect, it } from 'vitest';
import bcrypt from 'bcryptjs';
import { passwordHashCost } from './crypto';

describe('PASSWORD_HASH_COST', () => {
  it("is GoTrue's 10 unless set", () => {
    expect(passwordHashCost({})).toBe(10);
    expect(passwordHashCost({ PASSWORD_HASH_COST: ' ' })).toBe(10);
  });

  it('takes a whole number from 4 to 15 and refuses anything else by name', () => {
    expect(passwordHashCost({ PASSWORD_HASH_COST: '4' })).toBe(4);
    expect(passwordHashCost({ PASSWORD_HASH_COST: '12' })).toBe(12);
    for (const bad of ['3', '16', '10.5', 'ten', '-1'])
      expect(() => passwordHashCost({ PASSWORD_HASH_COST: bad })).toThrow(/PASSWORD_HASH_COST/);
  });

  it('a hash made at one cost still verifies when the setting changes', async () => {
    const low = await bcrypt.hash('password123', 4);
    const high = await bcrypt.hash('password123', 10);
    expect(await bcrypt.compare('password123', low)).toBe(true);
    expect(await bcrypt.compare('password123', high)).toBe(true);
    expect(await bcrypt.compare('password124', low)).toBe(false);
  });
});
