/**
 * The staff lease page's loader and action halves (decision 022), shared by the admin's
 * `/admin/leases/:leaseId` and a property manager's `/dashboard/leases/:leaseId` (the same page,
 * scoped server-side), and the PDF download beside each. Routes check the role first and pass
 * the actor and their base path; this module runs the commands through the page protocol
 * (decision 037: zod schemas, a reason table, one answer shape), calls the lease services (which
 * authorise again) and answers:
 *
 * - 404 for an unknown id or a lease outside the manager's buildings (the refusal is audited as
 *   `lease_access_denied` when the lease exists, so probing is visible);
 * - 409 when the lease's status does not allow the step (`invalid_status`, `not_all_signed`,
 *   `overlap`, `too_many_tenants`);
 * - 422 with translated field messages for bad input (`invalid_dates`, `invalid_amount`,
 *   `duplicate_tenant`, zod issues); 400 for an unknown intent or a body that is not a form;
 * - success: a 303 back to the page with `done=<intent>` for a plain browser post (JavaScript
 *   off), data `{ ok: true }` for an enhanced one; a renewal always goes to the new lease's page.
 */
import { isIsoDate } from '~/lib/iso-date';
import { isPropertyManager } from '~/lib/access';
import { eq } from 'drizzle-orm';
import { data } from 'react-router';
import { z } from 'zod';
import { parseDollars } from '~/lib/money';
import { staffPageTranslations, type Tree } from '~/i18n/resources.server';
import type { ActionResult } from '~/lib/action-result';
import { emailField, requiredLine } from '~/lib/form-fields';
import { requestLanguage } from '~/lib/route-helpers.server';
import { auditRefusalIfExists, requestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { application, lease } from '~/server/db/schema';
import { handleFormAction, reasonTable, type FormCall } from '~/server/http/form-action.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { findLeaseBalance, findLedger, type LeaseBalance, type LedgerEntry } from '~/features/ledger/ledger.server';
import { buildLeaseDocument } from './lease-document.server';
import type { LeaseDocument } from './lease-document.types';
import { leaseDocumentInput, leasePdf } from './lease-pdf.server';
import { findLeaseForStaff, type LeaseSummary } from './lease-queries.server';
import { offerRenewal } from './lease-renewals.server';
import {
  addCoTenant,
  countersignLease,
  LEASE_NAME_MAX,
  sendLease,
  type LeaseCommandOutcome,
  type LeaseCommandRefusal,
} from './leases.server';
import { INT4_MAX } from '~/lib/ids';

/** Where the page lives: the admin area or the manager's dashboard. */
export type LeaseStaffBase = '/admin/leases' | '/dashboard/leases';

/** The commands the page posts (`intent`). */
export const LEASE_STAFF_INTENTS = ['add-co-tenant', 'send', 'countersign', 'offer-renewal'] as const;
export type LeaseStaffIntent = (typeof LEASE_STAFF_INTENTS)[number];

/** The translation files the page needs. */
const PAGE_TRANSLATIONS = ['leases'] as const;

type PageArgs = { request: Request; context: DimoraLoadContext; actor: Viewer; base: LeaseStaffBase; param: string | undefined };

/** What the page shows. */
export type LeaseStaffPageData = {
  lease: LeaseSummary;
  /** Signers the lease may have at most (the application's adults; 6 without an application). */
  maxSigners: number;
  /** Balance and ledger: only for an active, ended or terminated lease. */
  balance: LeaseBalance | null;
  ledger: LedgerEntry[] | null;
  /** The lease text in the page's language, as the PDF prints it. */
  document: LeaseDocument | null;
  done: LeaseStaffIntent | null;
  base: LeaseStaffBase;
};

/** What an action answers (decision 037): the lease the command left the page on, or messages by field. */
export type LeaseStaffActionResult = ActionResult<LeaseStaffIntent, { leaseId: number }>;

/** A route's `:leaseId` as a number, or a thrown 404. */
export function parseLeaseId(raw: string | undefined): number {
  if (!raw || !/^\d{1,10}$/.test(raw)) throw data(null, { status: 404 });
  const id = Number(raw);
  if (id < 1 || id > INT4_MAX) throw data(null, { status: 404 });
  return id;
}

/**
 * Audits a property manager's request for lease `leaseId` that they do not manage (an existing
 * lease only: unknown ids are not worth a row). Admins see every lease, so nothing to record.
 */
export async function recordDeniedLeaseAccess({
  db,
  actor,
  leaseId,
  request,
  clientIp,
}: {
  db: Db;
  actor: Viewer;
  leaseId: number;
  request: Request;
  clientIp: string;
}) {
  if (!isPropertyManager(actor.role)) return;
  await auditRefusalIfExists(db, actor, {
    action: 'lease_access_denied',
    table: 'lease',
    id: leaseId,
    reason: 'not_managed',
    origin: requestOrigin(request, clientIp),
    values: { lease_id: leaseId },
  });
}

async function notFound({ request, context, actor }: PageArgs, leaseId: number): Promise<never> {
  await recordDeniedLeaseAccess({ db: context.db, actor, leaseId, request, clientIp: context.clientIp });
  throw data(null, { status: 404 });
}

/**
 * How many signers lease `leaseId` may have: the application's adults (as `addCoTenant` counts
 * them), six for a lease made without an application.
 */
async function maxSignersOf(db: Db, leaseId: number): Promise<number> {
  const [row] = await db
    .select({ adults: application.adults })
    .from(lease)
    .leftJoin(application, eq(application.id, lease.applicationId))
    .where(eq(lease.id, leaseId));
  return Math.max(1, row?.adults ?? 6);
}

function isIntent(value: string): value is LeaseStaffIntent {
  return (LEASE_STAFF_INTENTS as readonly string[]).includes(value);
}

/** The lease page for `actor`: the lease, its signers, ledger (once active) and text; 404 otherwise. */
export async function loadLeaseStaffPage(args: PageArgs): Promise<LeaseStaffPageData & { i18n: Tree }> {
  const { request, context, actor, base } = args;
  const lang = requestLanguage(request);
  const leaseId = parseLeaseId(args.param);
  const summary = await findLeaseForStaff({ db: context.db, actor, leaseId });
  if (!summary) return notFound(args, leaseId);
  const withLedger = summary.status === 'active' || summary.status === 'ended' || summary.status === 'terminated';
  const [balance, ledger, input, maxSigners] = await Promise.all([
    withLedger ? findLeaseBalance(context.db, leaseId) : Promise.resolve(null),
    withLedger ? findLedger(context.db, leaseId) : Promise.resolve(null),
    leaseDocumentInput(context.db, leaseId, lang),
    maxSignersOf(context.db, leaseId),
  ]);
  const done = new URL(request.url).searchParams.get('done') ?? '';
  return {
    lease: summary,
    maxSigners,
    balance,
    ledger,
    document: input ? buildLeaseDocument(input, lang) : null,
    done: isIntent(done) ? done : null,
    base,
    i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS),
  };
}

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

const MESSAGE = {
  invalidDate: 'leases.errors.invalidDate',
  invalidRent: 'leases.errors.invalidRent',
} as const;

const coTenantSchema = z.object({ name: requiredLine(LEASE_NAME_MAX), email: emailField });

/** A monthly rent as typed (`parseDollars`) → integer cents in (0, $100,000]; null otherwise. */
export function dollarsToCents(value: string): number | null {
  const total = parseDollars(value);
  return total !== null && total > 0 && total <= 10_000_000 ? total : null;
}

const renewalSchema = z.object({
  endDate: z.string().trim().min(1, 'common.form.required').refine(isIsoDate, MESSAGE.invalidDate),
  monthlyRent: z
    .string()
    .trim()
    .min(1, 'common.form.required')
    .refine((value) => dollarsToCents(value) !== null, MESSAGE.invalidRent),
});

/**
 * How the page answers each reason code of the lease commands (decision 037). The messages take
 * `{{status}}` (the lease's status in words) and `{{count}}` (the signers the lease may have).
 */
const REFUSALS = reasonTable<LeaseCommandRefusal>('leases.errors', {
  not_found: 404,
  invalid_status: 409,
  not_all_signed: 409,
  overlap: 409,
  too_many_tenants: 409,
  duplicate_tenant: { status: 422, field: 'email' },
  invalid_dates: { status: 422, field: 'endDate' },
  invalid_amount: { status: 422, field: 'monthlyRent' },
});

/**
 * Handles one posted command for `actor` on the lease of the URL: `add-co-tenant` (`name`,
 * `email`), `send`, `countersign`, `offer-renewal` (`endDate` ISO, `monthlyRent` in dollars).
 * Answers per decision 037 (see the module comment); a renewal is a new lease, so the page moves
 * to it after any post (303), as does every plain post.
 */
export async function handleLeaseStaffAction(args: PageArgs) {
  const { request, context, actor, base } = args;
  const leaseId = parseLeaseId(args.param);
  return handleFormAction({ request, context }, { intents: LEASE_STAFF_INTENTS }, async (call: FormCall<LeaseStaffIntent>) => {
    const { intent } = call;
    const common = { db: context.db, actor, leaseId, origin: call.origin };
    let outcome: LeaseCommandOutcome;
    if (intent === 'add-co-tenant') {
      const input = call.parse(coTenantSchema);
      outcome = await addCoTenant({ ...common, name: input.name, email: input.email });
    } else if (intent === 'offer-renewal') {
      const input = call.parse(renewalSchema);
      outcome = await offerRenewal({
        ...common,
        endDate: input.endDate,
        monthlyRentCents: dollarsToCents(input.monthlyRent)!,
        publicUrl: context.publicUrl,
      });
    } else if (intent === 'send') {
      outcome = await sendLease({ ...common, publicUrl: context.publicUrl });
    } else {
      outcome = await countersignLease({ ...common, publicUrl: context.publicUrl });
    }
    if (!outcome.ok) {
      if (outcome.reason === 'not_found')
        await recordDeniedLeaseAccess({ db: context.db, actor, leaseId, request, clientIp: context.clientIp });
      const count = outcome.reason === 'too_many_tenants' ? await maxSignersOf(context.db, leaseId) : 1;
      const status = outcome.status ? call.t(`leases.status.${outcome.status}`).toLowerCase() : '';
      call.refuse(REFUSALS[outcome.reason], { params: { status, count } });
    }
    context.logger.info({ intent, actor: actor.id, lease: leaseId, result: outcome.leaseId }, 'lease staff command');
    return call.done({
      redirectTo: `${base}/${outcome.leaseId}?done=${intent}`,
      alwaysRedirect: intent === 'offer-renewal',
      extra: { leaseId: outcome.leaseId },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The PDF
// ---------------------------------------------------------------------------------------------

/**
 * The lease's PDF in the page's language for staff in scope, shown inline and never cached;
 * 404 (audited for a manager) otherwise.
 */
export async function leasePdfResponse(args: Omit<PageArgs, 'base'>): Promise<Response> {
  const { request, context, actor } = args;
  const leaseId = parseLeaseId(args.param);
  const summary = await findLeaseForStaff({ db: context.db, actor, leaseId });
  if (!summary) return notFound({ ...args, base: '/admin/leases' }, leaseId);
  const rendered = await leasePdf(context.db, leaseId, requestLanguage(request));
  if (!rendered) throw data(null, { status: 404 });
  return new Response(new Uint8Array(rendered.pdf), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename=lease-${leaseId}.pdf`,
      'Content-Length': String(rendered.pdf.length),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
