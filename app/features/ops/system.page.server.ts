/**
 * /admin/system's loader and action (decision 019). The route checks the role first;
 * this module reads the settings and the facts, saves one section at a time through the
 * settings service (validated, audited, effective at once on every instance) and sends the
 * test e-mail, through the page protocol (decision 037). Answers: data and a toast after an
 * enhanced post, a 303 back to the page after a plain one, 422 with translated field errors, 403,
 * 400 for an unknown intent, 429 when rate limited, 502 with the mail transport's error.
 */
import { isAdmin } from '~/lib/access';
import type { z } from 'zod';
import { loadDatabaseFacts, readRuntimeFacts } from '~/features/admin/admin.server';
import { translations } from '~/i18n/resources.server';
import { getT, pageMeta } from '~/i18n/translate.server';
import type { Language } from '~/lib/constants';
import type { ActionResult } from '~/lib/action-result';
import type { TFunction } from '~/lib/i18n';
import { requestLanguage } from '~/lib/route-helpers.server';
import { APP_VERSION } from '~/server/app-info.server';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import { handleFormAction, type FormCall, type ReasonTable } from '~/server/http/form-action.server';
import type { DimoraLoadContext } from '~/server/load-context';
import type { Mailer } from '~/server/mail/mailer.server';
import { serverMonitoringState } from '~/server/monitoring/monitoring.server';
import { getPaymentProvider } from '~/server/payments/payments.server';
import { consumeRateLimit } from '~/server/rate-limit.server';
import type { Settings } from '~/server/settings/settings-registry.server';
import { currentSettings, readSettings, updateSettings } from '~/server/settings/settings.server';
import {
  formFieldOf,
  readSectionForm,
  SYSTEM_SECTIONS,
  type SystemIntent,
  type SystemSection,
  type SystemSettingsView,
} from './system.schemas';
import { tooManyRequests } from '~/server/responses.server';

const PAGE_TRANSLATIONS = ['account', 'admin', 'ops'] as const;

/** The page's intents: a settings section, or the test e-mail. */
const SYSTEM_INTENTS = [...SYSTEM_SECTIONS, 'test-mail'] as const satisfies readonly SystemIntent[];

/** What a success adds: how many settings a save changed, or where the test e-mail went. */
export type SystemDone = { changed?: number; to?: string };

/** What the action answers to the page (decision 037's `ActionResult`). */
export type SystemActionResult = ActionResult<SystemIntent, SystemDone>;

/** How the page answers the services' reason codes. */
const REFUSALS: ReasonTable<'forbidden'> = {
  forbidden: { status: 403, message: 'ops.errors.forbidden' },
};

/** Facts about this instance (never a secret, connection string or environment value). */
export type SystemFacts = {
  appVersion: string;
  uptimeS: number;
  nodeVersion: string;
  database: { kind: 'pglite' | 'postgres'; version: string };
  mailer: 'smtp' | 'mailbox';
  payments: { provider: string; testMode: boolean };
  /** The host error reports go to, when the server's monitoring client runs. */
  monitoringHost: string | null;
};

/** The editable settings, field by field (so nothing else in the table can slip through). */
function viewOf(settings: Settings): SystemSettingsView {
  return {
    applicationFeeCents: settings.applicationFeeCents,
    depositMonths: settings.depositMonths,
    rentDueDay: settings.rentDueDay,
    rentGraceDays: settings.rentGraceDays,
    lateFeeCents: settings.lateFeeCents,
    lateFeeKind: settings.lateFeeKind,
    lateFeeFrequency: settings.lateFeeFrequency,
    lateFeePercent: settings.lateFeePercent,
    lateFeeCapCents: settings.lateFeeCapCents,
    lateFeeCapPercent: settings.lateFeeCapPercent,
    returnedPaymentFeeCents: settings.returnedPaymentFeeCents,
    companyName: settings.companyName,
    contactPhone: settings.contactPhone,
    contactEmail: settings.contactEmail,
    contactAddress: settings.contactAddress,
    officeHours: settings.officeHours,
    monitoringDsn: settings.monitoringDsn,
    tracesSampleRate: settings.tracesSampleRate,
    replaysSessionSampleRate: settings.replaysSessionSampleRate,
    replaysOnErrorSampleRate: settings.replaysOnErrorSampleRate,
    slaEmergencyHours: settings.slaEmergencyHours,
    slaUrgentHours: settings.slaUrgentHours,
    slaRoutineHours: settings.slaRoutineHours,
  };
}

/** The page: the settings from the database (not a cached copy), the facts, and a plain post's `?done=`. */
export async function loadSystemPage({ request, context, actor }: { request: Request; context: DimoraLoadContext; actor: Viewer }) {
  const lang = requestLanguage(request);
  const [settings, database] = await Promise.all([
    readSettings({ db: context.db }),
    loadDatabaseFacts({ db: context.db, actor, withSize: false }),
  ]);
  const runtime = readRuntimeFacts();
  const provider = getPaymentProvider();
  const monitoring = serverMonitoringState();
  const facts: SystemFacts = {
    appVersion: APP_VERSION,
    uptimeS: runtime.uptimeS,
    nodeVersion: runtime.version,
    database: { kind: database.kind, version: database.version },
    mailer: context.mailer.kind,
    payments: { provider: provider.name, testMode: provider.testMode },
    monitoringHost: monitoring ? new URL(monitoring.dsn).host : null,
  };
  const done = new URL(request.url).searchParams.get('done');
  return {
    settings: viewOf(settings),
    facts,
    adminEmail: actor.email,
    done: done && ([...SYSTEM_SECTIONS, 'test-mail'] as readonly string[]).includes(done) ? (done as SystemIntent) : null,
    i18n: translations(lang, PAGE_TRANSLATIONS),
    meta: pageMeta(lang, 'ops.system.meta.title', 'ops.system.meta.description'),
  };
}

/** Translates form-format errors (keys) and the settings service's zod issues into field messages. */
function fieldMessages(t: TFunction, formatErrors: Record<string, string>, issues?: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, key] of Object.entries(formatErrors)) errors[field] = t(key);
  for (const issue of issues?.issues ?? []) {
    const field = formFieldOf(issue.path);
    if (errors[field]) continue;
    errors[field] = t(/^(ops|common|forms)\.[\w.]+$/.test(issue.message) ? issue.message : 'ops.errors.invalid');
  }
  return errors;
}

/** Saves one section: 422 with the typed values (as read, so the form shows them again), 403. */
async function saveSection(call: FormCall<SystemIntent>, actor: Viewer, section: SystemSection) {
  const read = readSectionForm(section, call.form);
  // The typed values as the section's form reads them back (blank and check-box fields included).
  Object.assign(call.values, read.values);
  if (Object.keys(read.errors).length > 0) call.invalid(fieldMessages(call.t, read.errors));
  const outcome = await updateSettings({ db: call.context.db, actor, origin: call.origin, input: read.input });
  if (!outcome.ok) {
    if (outcome.reason === 'forbidden') call.refuse(REFUSALS.forbidden);
    call.invalid(fieldMessages(call.t, {}, outcome.issues));
  }
  return call.done<SystemDone>({ redirectTo: `/admin/system?done=${section}#${section}`, extra: { changed: outcome.changed.length } });
}

export type TestMailOutcome =
  { ok: true; to: string } | { ok: false; reason: 'forbidden' } | { ok: false; reason: 'transport'; message: string };

/** A transport error as safe to show: one line, no credentials of a URL, at most 300 characters. */
function describeTransportError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message
    .replace(/\/\/[^/\s:@]+:[^@\s]+@/g, '//***@')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}

/**
 * Sends a test e-mail to `actor` (an admin) through the app's mailer — SMTP or the dev mailbox —
 * in their language, signed with the company name, and audits it (`test_mail_sent`, with the
 * transport and the outcome). A refused or failed delivery answers `transport` with the
 * transport's error, never throws for it.
 */
export async function sendTestMail({
  mailer,
  db,
  actor,
  origin,
  lang,
}: {
  mailer: Mailer;
  db: DimoraLoadContext['db'];
  actor: Viewer;
  origin: RequestOrigin;
  lang: Language;
}): Promise<TestMailOutcome> {
  if (!isAdmin(actor.role)) return { ok: false, reason: 'forbidden' };
  const t = getT(lang);
  const settings = await currentSettings(db);
  const values = {
    name: actor.name,
    company: settings.companyName,
    transport: t(`ops.system.facts.mailers.${mailer.kind}`),
    when: new Date().toISOString(),
  };
  const lines = [
    t('ops.testMail.mail.greeting', values),
    '',
    t('ops.testMail.mail.body', values),
    '',
    t('ops.testMail.mail.sentAt', values),
  ];
  let outcome: TestMailOutcome;
  try {
    await mailer.send({ to: actor.email, subject: t('ops.testMail.mail.subject', values), text: lines.join('\n') });
    outcome = { ok: true, to: actor.email };
  } catch (error) {
    outcome = { ok: false, reason: 'transport', message: describeTransportError(error) };
  }
  await recordAuditEvent({
    db,
    userId: actor.id,
    action: 'test_mail_sent',
    origin,
    tableName: 'mail',
    values: {
      to: actor.email,
      transport: mailer.kind,
      delivered: outcome.ok,
      ...(outcome.ok ? {} : { error: (outcome as { message?: string }).message }),
    },
  });
  return outcome;
}

/**
 * The page's commands (`intent`), through the page protocol (decision 037): `fees`, `rent`,
 * `maintenance`, `contact`, `monitoring` (save that section) and `test-mail` (rate-limited: spec
 * §9 "default", 50 a minute per admin; 429 with the wait in `errors.form`). No toast text is
 * sent: the page words it (saved or unchanged, the address).
 */
export function handleSystemAction({ request, context, actor }: { request: Request; context: DimoraLoadContext; actor: Viewer }) {
  return handleFormAction({ request, context }, { intents: SYSTEM_INTENTS }, async (call: FormCall<SystemIntent>) => {
    const { intent, t } = call;
    if (intent !== 'test-mail') return saveSection(call, actor, intent);
    const limit = await consumeRateLimit({ db: context.db, action: 'default', client: `user:${actor.id}:test-mail` });
    if (!limit.allowed) {
      return tooManyRequests<SystemActionResult>(
        { ok: false, intent, errors: { form: t('ops.testMail.rateLimited', { seconds: limit.retryAfterS }) } },
        limit.retryAfterS,
      );
    }
    const outcome = await sendTestMail({ mailer: context.mailer, db: context.db, actor, origin: call.origin, lang: call.lang });
    if (!outcome.ok) {
      if (outcome.reason === 'forbidden') call.refuse(REFUSALS.forbidden);
      context.logger.warn({ err: outcome.message }, 'test e-mail failed');
      call.refuse({ status: 502, message: 'ops.testMail.failed' }, { params: { error: outcome.message } });
    }
    return call.done<SystemDone>({ redirectTo: '/admin/system?done=test-mail#test-mail', extra: { to: outcome.to } });
  });
}
