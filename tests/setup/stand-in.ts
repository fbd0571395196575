/**
 * Stand-ins for the values a test fixture makes in `beforeAll` but hands out at module load.
 * No Vitest import, so any set-up module can use it.
 */

/**
 * An object that forwards each key of `keys` (every key of `T`, so the compiler notices a new
 * one) to the value `current()` answers when the key is read; methods are bound to that value.
 * `current` throws when the real value is not made yet.
 */
export function standInFor<T extends object>(current: () => T, keys: Record<keyof T, true>): T {
  const standIn = {} as T;
  for (const key of Object.keys(keys) as (keyof T)[]) {
    Object.defineProperty(standIn, key, {
      enumerable: true,
      get: () => {
        const target = current();
        const value = target[key];
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
  return standIn;
}
