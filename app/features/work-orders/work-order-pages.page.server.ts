/**
 * What the loaders of the vendor's and staff's work-order pages share (decision 029: the vendor
 * portal's `/vendor-portal/work-orders*` and the assignments pages), in the page protocol of
 * decision 037: bad list filters still render the page — an empty list and a message per field —
 * with a 400; a work order that is unknown or not the viewer's is a 404, its refusal audited.
 */
import { data } from 'react-router';
import type { Language } from '~/lib/constants';
import { requestOrigin, type RequestOrigin } from '~/server/audit.server';
import { fieldErrors } from '~/server/http/form.server';
import type { DimoraLoadContext } from '~/server/load-context';
import type { ParsedQuery, WorkOrderCursor } from './work-order-lists.schemas';
import { parseRouteId } from './work-orders.schemas';

/**
 * The list page's part that depends on its query: `find` runs with the parsed filters and cursor
 * when they parse (else the list is empty), `firstPage` tells whether this is the first page, and
 * `errors` holds the filters' messages in `lang` (empty when they parse).
 */
export async function readWorkOrderListQuery<Filters, List extends { items: unknown[]; nextCursor: string | null }>(
  parsed: ParsedQuery<Filters>,
  lang: Language,
  find: (filters: Filters, cursor: WorkOrderCursor | null) => Promise<List>,
): Promise<{ filters: Filters; list: List | { items: never[]; nextCursor: null }; firstPage: boolean; errors: Record<string, string> }> {
  return {
    filters: parsed.filters,
    list: parsed.ok ? await find(parsed.filters, parsed.cursor) : { items: [], nextCursor: null },
    firstPage: !parsed.ok || parsed.cursor === null,
    errors: parsed.ok ? {} : fieldErrors(parsed.issues, lang),
  };
}

/**
 * The work order of a detail page (`param`: the route's id) as `find` reads it in the viewer's
 * scope. Throws a 404 answer when the id is malformed, unknown or outside that scope, after
 * `recordDenied` audited the refusal of a well-formed id.
 */
export async function findWorkOrderOr404<Detail>(
  { request, context, param }: { request: Request; context: DimoraLoadContext; param: string | undefined },
  find: (workOrderId: number) => Promise<Detail | null>,
  recordDenied: (workOrderId: number, origin: RequestOrigin) => Promise<void>,
): Promise<Detail> {
  const workOrderId = parseRouteId(param);
  const detail = workOrderId === null ? null : await find(workOrderId);
  if (!detail) {
    if (workOrderId !== null) await recordDenied(workOrderId, requestOrigin(request, context.clientIp));
    throw data(null, { status: 404 });
  }
  return detail;
}

/** The command named by `?done=` (the page's toast after a plain post's redirect), when it is one of `intents`. */
export function doneIntent<Intent extends string>(request: Request, intents: readonly Intent[]): Intent | null {
  const done = new URL(request.url).searchParams.get('done');
  return (intents as readonly string[]).includes(done ?? '') ? (done as Intent) : null;
}

/** The loader's answer: `body` as it is, or with status 400 when its page holds filter errors. */
export function answerListPage<Body extends { page: { errors: Record<string, string> } }>(body: Body) {
  return Object.keys(body.page.errors).length > 0 ? data(body, { status: 400 }) : body;
}
