/**
 * POST /api/client-errors: the browser reports an error it showed on an error screen, with the
 * error id, so the id a visitor quotes can be found in the server log (DESIGN §5).
 */
import { data } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/client-errors';

const schema = z.object({
  errorId: z.string().regex(/^[a-z0-9-]{6,40}$/),
  url: z.string().max(2048),
  message: z.string().max(2000),
  stack: z.string().max(8000).optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') throw data(null, { status: 405 });
  const body: unknown = await request.json().catch(() => null);
  const parsed = schema.safeParse(body);
  if (!parsed.success) return data({ ok: false }, { status: 400 });
  context.logger.error({ clientError: parsed.data, requestId: context.requestId }, `client error ${parsed.data.errorId}`);
  return data({ ok: true }, { status: 202 });
}
