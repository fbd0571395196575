/**
 * POST /api/security-events: the paste guard (spec §5) reports a blocked paste, and the server
 * writes the audit entry (spec §3 "Audit log": user, action `paste_blocked`, table
 * "security_events", new_values with the sample, field, path, timestamp, user agent and IP).
 * The report is the browser's word only: it is validated, bounded and rate-limited as an
 * `api_call` (spec §9: 100 a minute per client), and never used for any safety decision.
 *
 * Answers: 202 recorded; 400 malformed body; 405 any method but POST; 429 rate-limited, with
 * `Retry-After`.
 */
import { data } from 'react-router';
import { z } from 'zod';
import { checkRateLimit } from '~/features/accounts/accounts.server';
import { PASTE_SAMPLE_LENGTH } from '~/lib/paste-guard';
import { recordAuditEvent, requestOrigin } from '~/server/audit.server';
import { getViewer } from '~/server/auth/session.server';
import { rateLimitedAnswer } from '~/server/responses.server';
import type { Route } from './+types/security-events';

/** A report is a few hundred characters; anything far bigger is not one of ours. */
const MAX_BODY_CHARS = 4_000;

const schema = z.object({
  sample: z.string().max(PASTE_SAMPLE_LENGTH),
  field: z.string().max(100),
  path: z.string().max(300),
});

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return data({ ok: false, error: 'method_not_allowed' }, { status: 405, headers: { Allow: 'POST' } });
  const viewer = await getViewer(request, context);
  const limited = await checkRateLimit({ context, request }, 'api_call', viewer?.id ?? null);
  if (limited) return rateLimitedAnswer(limited);

  const raw = await request.text();
  let body: unknown = null;
  if (raw.length <= MAX_BODY_CHARS) {
    try {
      body = JSON.parse(raw);
    } catch {
      body = null;
    }
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) return data({ ok: false, error: 'invalid_body' }, { status: 400 });

  const { sample, field, path } = parsed.data;
  await recordAuditEvent({
    db: context.db,
    userId: viewer?.id ?? null,
    action: 'paste_blocked',
    origin: requestOrigin(request, context.clientIp),
    values: { sample, field, path },
  });
  context.logger.info({ field, path, userId: viewer?.id ?? null }, 'harmful paste blocked');
  return data({ ok: true }, { status: 202 });
}
