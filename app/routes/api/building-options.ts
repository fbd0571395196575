/**
 * /api/building-options?q=: the buildings a staff member may filter a list by, found by name as
 * they type (the "Building" filter of /admin/tenants, /admin/payments and the manager's
 * /dashboard pages). Admins and property managers only; a manager finds only their buildings.
 * Each call counts as an `api_call` for rate limiting (100 a minute per client).
 *
 * Answers: 200 `{ options: [{ id, name }] }` (≤ 20, by name), 401 signed out, 403 other roles,
 * 429 rate-limited with `Retry-After`.
 */
import { data } from 'react-router';
import { searchBuildingOptions } from '~/features/portfolio/building-options.server';
import { requireApiRole } from '~/server/auth/session.server';
import { checkRateLimit } from '~/server/rate-limit.server';
import { rateLimitedAnswer } from '~/server/responses.server';
import type { Route } from './+types/building-options';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireApiRole(request, context, 'property_manager');
  const limited = await checkRateLimit({ context, request }, 'api_call', viewer.id);
  if (limited) return rateLimitedAnswer(limited);
  const q = new URL(request.url).searchParams.get('q') ?? '';
  const options = await searchBuildingOptions({ db: context.db, actor: viewer, q });
  return data({ options }, { headers: { 'Cache-Control': 'private, no-store' } });
}
