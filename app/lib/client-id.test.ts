import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newClientId } from './client-id';

const uuid = z.uuid();

describe('message client ids', () => {
  it('are UUIDs the server accepts, different every time', () => {
    const ids = Array.from({ length: 50 }, () => newClientId());
    for (const id of ids) expect(uuid.safeParse(id).success, id).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('are version-4 UUIDs from getRandomValues where randomUUID is missing (plain http)', () => {
    // An own property hides the prototype's method; deleting it brings the method back.
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const id = newClientId();
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(uuid.safeParse(id).success).toBe(true);
    } finally {
      delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });
});
