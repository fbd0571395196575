/**
 * A tiny seeded PRNG (mulberry32) and helpers. The demo data must be identical for a given seed,
 * so nothing in the generator may use Math.random or the clock.
 */

export type Random = {
  /** Float in [0, 1). */
  next(): number;
  /** Integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** `count` distinct elements of `items`, in a random order. */
  sample<T>(items: readonly T[], count: number): T[];
};

/** mulberry32: 32-bit state, fast, good enough for demo data (not for anything secret). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes integers into one 32-bit seed (a murmur3-style finaliser), so unit i gets its own stream. */
export function mixSeed(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A `Random` seeded with `seed` (any integer). */
export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick() from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    chance: (p: number) => next() < p,
    sample: <T>(items: readonly T[], count: number): T[] => {
      const copy = items.slice();
      const n = Math.min(count, copy.length);
      // Partial Fisher–Yates.
      for (let i = 0; i < n; i++) {
        const j = int(i, copy.length - 1);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy.slice(0, n);
    },
  };
}

/**
 * One value of `entries` (`[value, weight]` pairs, weights ≥ 0, not all 0), chosen with a
 * probability proportional to its weight; one `random.next()` draw.
 */
export function pickWeighted<T>(random: Random, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return (entries[entries.length - 1] as readonly [T, number])[0];
}

/**
 * One key of `weights` (key → weight, weights ≥ 0, not all 0), chosen as `pickWeighted` chooses
 * among the entries in the keys' written order; one `random.next()` draw.
 */
export function pickWeightedKey<Key extends string>(random: Random, weights: Partial<Record<Key, number>>): Key {
  return pickWeighted(random, Object.entries(weights) as [Key, number][]);
}
