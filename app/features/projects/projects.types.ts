/**
 * What the projects pages send to their components and what their actions answer (client-safe
 * types and helpers only).
 */
import type { ActionResult } from '~/lib/action-result';
import type { ProjectTab } from './projects.schemas';

/** Where the staff pages live: the admin area, or a property manager's dashboard. */
export type ProjectsBase = '/admin/projects' | '/dashboard/projects';

/** The commands of a project's staff page (`intent`). */
export const PROJECT_INTENTS = ['update', 'invite', 'close-bidding', 'award', 'status', 'upload-document', 'delete-document'] as const;
export type ProjectIntent = (typeof PROJECT_INTENTS)[number];

export function isProjectIntent(value: unknown): value is ProjectIntent {
  return typeof value === 'string' && (PROJECT_INTENTS as readonly string[]).includes(value);
}

/** The commands of a vendor's project page. */
export const BID_INTENTS = ['bid'] as const;
export type BidIntent = (typeof BID_INTENTS)[number];

/** What an action of the projects pages answers. */
export type ProjectActionResult = ActionResult<ProjectIntent | BidIntent | 'create', { tab?: ProjectTab }>;
