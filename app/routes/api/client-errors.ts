/**
 * POST /api/client-errors: the browser reports an error it showed on an error screen, with the
 * error id, so the id a visitor quotes can be found in the server log (DESIGN §5). Rate-limited
 * as an `api_call` (spec §9): 429 with Retry-After beyond 100 reports a minute per client.
 */
import { data } from 'react-router';
import { z } from 'zod';
import { checkRateLimit } from '~/server/rate-limit.server';
import { rateLimitedAnswer } from '~/server/responses.server';
import type { Route } from './+types/client-errors';

const schema = z.object({
  errorId: z.string().regex(/^[a-z0-9-]{6,40}$/),
  url: z.string().max(2048),
  message: z.string().max(2000),
  stack: z.string().max(8000).optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') throw data(null, { status: 405 });
  // spec §9 "api_call": 100 reports a minute per client, so the log cannot be flooded.
  const limited = await checkRateLimit({ context, request }, 'api_call');
  if (limited) return rateLimitedAnswer(limited);
  const body: unknown = await request.json().catch(() => null);
  const parsed = schema.safeParse(body);
  if (!parsed.success) return data({ ok: false }, { status: 400 });
  context.logger.error({ clientError: parsed.data, requestId: context.requestId }, `client error ${parsed.data.errorId}`);
  return data({ ok: true }, { status: 202 });
}
