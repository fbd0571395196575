/**
 * Route loaders and actions that are no more than "require the role, then hand the request to
 * the feature's page adapter" (spec §2 roles; the one page protocol of docs/ARCHITECTURE.md).
 */
import type { Requirement } from '~/lib/access';
import type { DimoraLoadContext } from '~/server/load-context';
import { requireRole, type Viewer } from '~/server/auth/session.server';

/** What a page adapter receives: the request, the load context and the signed-in actor. */
export type RolePageArgs = { request: Request; context: DimoraLoadContext; actor: Viewer };

/**
 * A loader or action that requires `requires` (`requireRole`: throws its redirects when signed
 * out, not enrolled in two-factor sign-in or of the wrong role) and answers what `handler`
 * answers for the request, context and actor.
 */
export function withRole<T>(requires: Requirement, handler: (args: RolePageArgs) => T | Promise<T>) {
  return async ({ request, context }: { request: Request; context: DimoraLoadContext }): Promise<T> => {
    const actor = await requireRole(request, context, requires);
    return handler({ request, context, actor });
  };
}
