/**
 * The commands of /admin/database (decision 019) and what their action answers (decision 037's
 * `ActionResult`). Client-safe: the page's components read it, the adapter
 * (`database.page.server.ts`) builds it.
 */
import type { ActionResult } from '~/lib/action-result';

/** `retry` a failed job of the outbox (`jobId`); `run-schedule` (`schedule`) now. */
export const DATABASE_INTENTS = ['retry', 'run-schedule'] as const;

/** One of `DATABASE_INTENTS`. */
export type DatabaseIntent = (typeof DATABASE_INTENTS)[number];

/** What a success adds to its toast: the job retried, or the schedule run. */
export type DatabaseDone = { jobId?: number; topic?: string; schedule?: string };

/** The answer of the page's action: decision 037's `ActionResult` with `DatabaseDone` on success. */
export type DatabaseActionResult = ActionResult<DatabaseIntent, DatabaseDone>;
