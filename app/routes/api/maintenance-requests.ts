/**
 * POST /api/maintenance-requests (decision 027): a tenant's new maintenance request
 * as `multipart/form-data` — the text fields of the form and up to five `photos`, streamed
 * through the upload pipeline (its own body cap in server/app.ts) — answered in JSON. The
 * scripted form posts here, and so does the offline queue when the connection returns: the
 * form's `clientId` makes a second delivery answer the first request instead of a new one.
 * Tenants only (admins pass): 401 signed out, 403 other roles, 429 with Retry-After past the
 * `maintenance_request` limit (spec §9: 20 a minute), before a byte of the body is read.
 */
import { data } from 'react-router';
import { receiveMaintenanceRequest } from '~/features/maintenance/tenant-requests.page.server';
import type { CreateRequestAnswer } from '~/features/maintenance/tenant-requests.types';
import { requestLanguage } from '~/lib/route-helpers.server';
import { methodNotAllowed } from '~/server/http/method-not-allowed.server';
import { requireApiRole } from '~/server/auth/session.server';
import { checkRateLimit } from '~/server/rate-limit.server';
import { rateLimitedAnswer } from '~/server/responses.server';
import type { Route } from './+types/maintenance-requests';

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  const viewer = await requireApiRole(request, context, 'tenant');
  const limited = await checkRateLimit({ context, request }, 'maintenance_request', viewer.id);
  if (limited) return rateLimitedAnswer(limited);
  const { status, answer } = await receiveMaintenanceRequest({ request, context, viewer, lang: requestLanguage(request) });
  return data<CreateRequestAnswer>(answer, { status });
}

export const loader = methodNotAllowed;
