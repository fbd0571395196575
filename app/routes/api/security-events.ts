/**
 * POST /api/security-events: the paste guard (spec §5) reports a blocked paste, and the server
 * writes the audit entry (spec §3 "Audit log": user, action `paste_blocked`, table
 * "security_events", new_values with the sample, field, path, timestamp, user agent and IP).
 *
 * Decision 023 — only server code writes the log, never on the browser's word:
 * - the acting user is the session's; the time, IP and user agent are the server's. Any other
 *   key in the body (`userId`, `action`, `ip_address`, `timestamp`…) is dropped by the schema;
 * - the three descriptive fields are bounded and normalized (the path loses its query string,
 *   which may hold tokens; control characters are removed);
 * - a signed-out visitor's report is NOT recorded (answer 202 `recorded: false`, one log line):
 *   anonymous rows let anyone write the audit table. Decision documented in docs/OPERATIONS.md;
 * - at most PASTE_EVENTS_PER_MINUTE entries per user a minute; more answer 429 (`Retry-After`).
 * The request itself counts as an `api_call` (spec §9: 100 a minute per client).
 *
 * Answers: 202 (recorded or not); 400 malformed body; 405 any method but POST; 429 rate-limited,
 * with `Retry-After`.
 */
import { data } from 'react-router';
import { z } from 'zod';
import { checkRateLimit } from '~/server/rate-limit.server';
import { PASTE_EVENTS_PER_MINUTE, PASTE_SAMPLE_LENGTH } from '~/lib/paste-guard';
import { recordAuditEvent, requestOrigin } from '~/server/audit.server';
import { getViewer } from '~/server/auth/session.server';
import { consumeCounter } from '~/server/rate-limit.server';
import { rateLimitedAnswer, tooManyRequests } from '~/server/responses.server';
import type { Route } from './+types/security-events';

/** A report is a few hundred characters; anything far bigger is not one of ours. */
const MAX_BODY_CHARS = 4_000;

const CONTROL = /[\u0000-\u001f\u007f]/g;

/** The path part of a reported location: no query or fragment, starts with one `/`. */
function cleanPath(path: string): string {
  try {
    const url = new URL(path, 'http://paste.invalid');
    return url.origin === 'http://paste.invalid' ? url.pathname.slice(0, 300) : '/';
  } catch {
    return '/';
  }
}

// Unknown keys are stripped: only these three descriptive fields come from the browser.
const schema = z.object({
  sample: z
    .string()
    .max(PASTE_SAMPLE_LENGTH)
    .transform((value) => value.replace(CONTROL, ' ')),
  field: z
    .string()
    .max(100)
    .transform((value) => value.replace(CONTROL, ' ').trim()),
  path: z.string().max(300).transform(cleanPath),
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
  if (!viewer) {
    context.logger.info({ field, path, client: context.clientIp }, 'harmful paste blocked (signed out, not audited)');
    return data({ ok: true, recorded: false }, { status: 202 });
  }
  const counted = await consumeCounter({ db: context.db, key: `audit_paste:user:${viewer.id}`, limit: PASTE_EVENTS_PER_MINUTE });
  if (!counted.allowed) return tooManyRequests({ ok: false, error: 'rate_limited' }, counted.retryAfterS);
  await recordAuditEvent({
    db: context.db,
    userId: viewer.id,
    action: 'paste_blocked',
    origin: requestOrigin(request, context.clientIp),
    values: { sample, field, path },
  });
  context.logger.info({ field, path, userId: viewer.id }, 'harmful paste blocked');
  return data({ ok: true, recorded: true }, { status: 202 });
}
