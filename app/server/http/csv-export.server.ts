/**
 * The answer of a filtered CSV export route (`/admin/payments.csv`, `/admin/audit.csv`; decision
 * 020 and 023): the query string is read by the list's own parser; bad filters answer 400 with
 * one translated message a line as plain text; otherwise the stream is sent as an attachment
 * with the download headers of decision 037 (`fileResponse`), never cached.
 */
import type { z } from 'zod';
import { requestLanguage } from '~/lib/route-helpers.server';
import type { Db } from '~/server/db/client.server';
import type { Logger } from '~/server/logger.server';
import { fileResponse } from './download.server';
import { fieldErrors } from './form.server';

/** What an export's page adapter receives from its route: the request, the context it uses, and the actor the route guarded. */
export type CsvExportArgs<Actor> = {
  request: Request;
  context: { db: Db; clientIp: string; logger: Pick<Logger, 'info'> };
  actor: Actor;
};

/** What a list's filter parser answers: the filters, or the zod issues of the wrong fields. */
type ParsedExportFilters<Filters> = { ok: true; filters: Filters } | { ok: false; issues: z.ZodError };

/** An export's 400: the field messages `errors` (already translated), one a line, as plain text, never cached. */
export function refusedExport(errors: Record<string, string>): Response {
  return new Response(`${Object.values(errors).join('\n')}\n`, {
    status: 400,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/**
 * Parses `request`'s query with `parse`; on success calls `open(filters)` for the CSV stream and
 * sends it as `fileName` (`text/csv`, attachment, `fileResponse`'s headers). `open` answering
 * null (the actor may export nothing) gives an empty 404. Bad filters: 400, the messages as
 * plain text in the visitor's language, and `open` is not called.
 */
export async function filteredCsvResponse<Filters>({
  request,
  parse,
  fileName,
  open,
}: {
  request: Request;
  parse: (params: URLSearchParams) => ParsedExportFilters<Filters>;
  fileName: string;
  open: (filters: Filters) => Promise<ReadableStream<Uint8Array> | null>;
}): Promise<Response> {
  const parsed = parse(new URL(request.url).searchParams);
  if (!parsed.ok) return refusedExport(fieldErrors(parsed.issues, requestLanguage(request)));
  const stream = await open(parsed.filters);
  if (!stream) return new Response(null, { status: 404 });
  return fileResponse({ body: stream, fileName, contentType: 'text/csv; charset=utf-8' });
}
