/**
 * What every step of the demo seed takes (seed.server.ts runs them in order): the
 * database, the seed number (the same number writes the same data) and the instant the step
 * treats as now.
 */
import type { Db } from '../client.server';

/** `now` defaults to the clock; tests pin it so the data do not depend on the day they run. */
export type DemoSeedArgs = { db: Db; seed: number; now?: Date };
