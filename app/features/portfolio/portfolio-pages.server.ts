/**
 * The portfolio pages' loaders and actions, shared by the admin's `/admin/properties/*` and a
 * property manager's `/dashboard/buildings/*` (decision 015: the same forms,
 * scoped server-side). Routes check the role first and pass the actor and their base path; this
 * module parses input, calls the services, and maps their reasons to HTTP answers: 404 (unknown,
 * or not the actor's — audited), 403, 422 with translated field errors, 303 after a plain form
 * post, data and a toast after an enhanced one.
 */
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import { translations } from '~/i18n/resources.server';
import { getT } from '~/i18n/translate.server';
import type { Language } from '~/lib/constants';
import { formText } from '~/lib/form-fields';
import { UNIT_STATUSES, type UnitStatus } from '~/lib/property-types';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import { isDocumentPost, readFormData, translateIssues } from '~/server/http/form.server';
import type { DimoraLoadContext } from '~/server/load-context';
import {
  createBuilding,
  findBuildingDetail,
  listBuildings,
  listManagerOptions,
  recordDeniedPortfolioAccess,
  updateBuilding,
} from './buildings.server';
import { UNIT_BULK_INTENTS, UNIT_IMPORT_MAX_BYTES, parseBuildingListQuery, readBuildingForm, readUnitForm } from './portfolio.schemas';
import type { PortfolioFailure, UnitImportPreview } from './portfolio.types';
import { commitUnitImport, exportUnitsCsv, previewUnitImport } from './unit-import.server';
import { bulkUpdateUnits, createUnit, findUnitDetail, updateUnit, type BulkUnitCommand } from './units.server';
import { INT4_MAX } from '~/lib/ids';

/** Where a page lives: the admin area or the manager's dashboard. */
export type PortfolioBase = '/admin/properties' | '/dashboard/buildings';

type PageArgs = { request: Request; context: DimoraLoadContext; actor: Viewer; base: PortfolioBase };

/** What a portfolio action answers to the page. */
export type PortfolioActionResult =
  | { ok: true; intent: string; message: string; count?: number; result?: { created: number; updated: number } }
  | { ok: true; intent: 'import-preview'; preview: UnitImportPreview }
  | { ok: false; intent: string; errors: Record<string, string>; values?: Record<string, unknown> };

const PAGE_TRANSLATIONS = ['account', 'admin', 'listings', 'portfolio', 'photos'] as const;

/** A route id (`:buildingId`, `:unitId`) as a number, `new`, or a 404. */
export function parseRouteId(raw: string | undefined, allowNew: boolean): number | 'new' {
  if (allowNew && raw === 'new') return 'new';
  if (!raw || !/^\d{1,10}$/.test(raw)) throw data(null, { status: 404 });
  const id = Number(raw);
  if (id < 1 || id > INT4_MAX) throw data(null, { status: 404 });
  return id;
}

function failureErrors(outcome: PortfolioFailure, locale: Language): Record<string, string> {
  const t = getT(locale);
  const errors: Record<string, string> = {};
  if (outcome.issues) {
    for (const [field, message] of Object.entries(translateIssues(outcome.issues as z.ZodError, locale)))
      if (message) errors[field] = message;
  }
  for (const [field, key] of Object.entries(outcome.fields ?? {})) errors[field] = t(key);
  if (outcome.reason === 'not_found') errors.form = t('portfolio.errors.notFound');
  return errors;
}

async function notFound(args: PageArgs, ids: { buildingId?: number; propertyId?: number }): Promise<never> {
  await recordDeniedPortfolioAccess({
    db: args.context.db,
    actor: args.actor,
    origin: requestOrigin(args.request, args.context.clientIp),
    ...ids,
  });
  throw data(null, { status: 404 });
}

function refused(intent: string, outcome: PortfolioFailure, locale: Language, values?: Record<string, unknown>) {
  const status = outcome.reason === 'not_found' ? 404 : outcome.reason === 'forbidden' ? 403 : 422;
  return data<PortfolioActionResult>({ ok: false, intent, errors: failureErrors(outcome, locale), values }, { status });
}

function done(request: Request, result: PortfolioActionResult & { ok: true }, location: string) {
  if (isDocumentPost(request)) {
    const url = new URL(location, 'http://dimora.invalid');
    if ('message' in result) url.searchParams.set('done', result.message.replace(/^portfolio\.done\./, ''));
    return redirect(url.pathname + url.search, 303);
  }
  return data<PortfolioActionResult>(result);
}

/** The buildings list (`?q=&state=&manager=&occupancy=&sort=&page=`), scoped to `actor`. */
export async function loadBuildingsList({ request, context, actor }: Omit<PageArgs, 'base'>) {
  const lang = requestLanguage(request);
  const query = parseBuildingListQuery(new URL(request.url).searchParams);
  const [list, managers] = await Promise.all([
    listBuildings({ db: context.db, actor, query }),
    listManagerOptions({ db: context.db, actor }),
  ]);
  return { list, query, managers, i18n: translations(lang, PAGE_TRANSLATIONS) };
}

/** A building's page: the building, its units, the managers to choose from (admins). `new` for the create form. */
export async function loadBuildingPage(args: PageArgs & { param: string | undefined }) {
  const { request, context, actor } = args;
  const lang = requestLanguage(request);
  const id = parseRouteId(args.param, args.base === '/admin/properties');
  const managers = await listManagerOptions({ db: context.db, actor });
  const done = new URL(request.url).searchParams.get('done');
  if (id === 'new') return { mode: 'new' as const, detail: null, managers, done, i18n: translations(lang, PAGE_TRANSLATIONS) };
  const detail = await findBuildingDetail({ db: context.db, actor, buildingId: id });
  if (!detail) return notFound(args, { buildingId: id });
  return { mode: 'edit' as const, detail, managers, done, i18n: translations(lang, PAGE_TRANSLATIONS) };
}

/** The bulk command posted by the units table, or null when it is malformed. */
function readBulkCommand(form: FormData): BulkUnitCommand | null {
  const intent = formText(form, 'bulk');
  if (!(UNIT_BULK_INTENTS as readonly string[]).includes(intent)) return null;
  if (intent === 'set-status') {
    const status = formText(form, 'status');
    return (UNIT_STATUSES as readonly string[]).includes(status) ? { intent, status: status as UnitStatus } : null;
  }
  return { intent: intent as 'publish' | 'unpublish' };
}

/**
 * The building page's commands (`intent`): `create-building` (admins; on `new`), `update-building`,
 * `bulk-units` (`bulk` = publish | unpublish | set-status, `status`, `unitIds`), `import-preview`
 * (multipart `file`), `import-commit` (`importId`).
 */
export async function handleBuildingAction(args: PageArgs & { param: string | undefined }) {
  const { request, context, actor, base } = args;
  const locale = requestLanguage(request);
  const t = getT(locale);
  const id = parseRouteId(args.param, base === '/admin/properties');
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const db = context.db;
  const origin = requestOrigin(request, context.clientIp);

  if (id === 'new') {
    if (intent !== 'create-building')
      return data<PortfolioActionResult>({ ok: false, intent, errors: { form: t('portfolio.errors.unknownIntent') } }, { status: 400 });
    const values = readBuildingForm(form);
    const outcome = await createBuilding({ db, actor, origin, input: values });
    if (!outcome.ok) return refused(intent, outcome, locale, values);
    // A new building opens on its own page, for its units and photos.
    return redirect(`${base}/${outcome.buildingId}?done=created`, 303);
  }

  const here = `${base}/${id}`;
  switch (intent) {
    case 'update-building': {
      const values = readBuildingForm(form);
      const outcome = await updateBuilding({ db, actor, origin, buildingId: id, input: values });
      if (!outcome.ok) return refused(intent, outcome, locale, values);
      return done(
        request,
        { ok: true, intent, message: outcome.changed ? 'portfolio.done.saved' : 'portfolio.done.unchanged' },
        `${here}#details`,
      );
    }
    case 'bulk-units': {
      const command = readBulkCommand(form);
      const unitIds = form.getAll('unitIds').map((value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : -1));
      if (!command)
        return data<PortfolioActionResult>({ ok: false, intent, errors: { form: t('portfolio.errors.unknownIntent') } }, { status: 400 });
      const outcome = await bulkUpdateUnits({ db, actor, origin, buildingId: id, unitIds, command });
      if (!outcome.ok) return refused(intent, outcome, locale);
      return done(request, { ok: true, intent, message: 'portfolio.done.bulk', count: outcome.changed }, `${here}#units`);
    }
    case 'import-preview': {
      const file = form.get('file');
      if (!(file instanceof File) || file.size === 0) {
        return data<PortfolioActionResult>({ ok: false, intent, errors: { file: t('portfolio.import.errors.noFile') } }, { status: 422 });
      }
      if (file.size > UNIT_IMPORT_MAX_BYTES) {
        return data<PortfolioActionResult>({ ok: false, intent, errors: { file: t('portfolio.import.errors.tooLarge') } }, { status: 413 });
      }
      const outcome = await previewUnitImport({ db, actor, buildingId: id, fileName: file.name, csv: await file.text() });
      if (!outcome.ok) return refused(intent, outcome, locale);
      return data<PortfolioActionResult>(
        { ok: true, intent: 'import-preview', preview: outcome.preview },
        { status: outcome.preview.importId ? 200 : 422 },
      );
    }
    case 'import-commit': {
      const outcome = await commitUnitImport({ db, actor, origin, importId: formText(form, 'importId') });
      if (!outcome.ok) return refused(intent, outcome, locale);
      return done(request, { ok: true, intent, message: 'portfolio.done.imported', result: outcome.result }, `${here}#units`);
    }
    default:
      return data<PortfolioActionResult>({ ok: false, intent, errors: { form: t('portfolio.errors.unknownIntent') } }, { status: 400 });
  }
}

/** A unit's edit page (`new` for the create form) within building `buildingParam`. */
export async function loadUnitPage(args: PageArgs & { buildingParam: string | undefined; unitParam: string | undefined }) {
  const { request, context, actor } = args;
  const lang = requestLanguage(request);
  const buildingId = parseRouteId(args.buildingParam, false) as number;
  const unitId = parseRouteId(args.unitParam, true);
  const detail = await findBuildingDetail({ db: context.db, actor, buildingId });
  if (!detail) return notFound(args, { buildingId });
  const building = {
    id: detail.building.id,
    name: detail.building.name,
    streetAddress: detail.building.streetAddress,
    city: detail.building.city,
  };
  const done = new URL(request.url).searchParams.get('done');
  if (unitId === 'new') return { mode: 'new' as const, building, unit: null, done, i18n: translations(lang, PAGE_TRANSLATIONS) };
  const unit = await findUnitDetail({ db: context.db, actor, buildingId, unitId });
  if (!unit) return notFound(args, { propertyId: unitId });
  return { mode: 'edit' as const, building, unit, done, i18n: translations(lang, PAGE_TRANSLATIONS) };
}

/** The unit page's commands: `create-unit` (on `new`) and `update-unit`. */
export async function handleUnitAction(args: PageArgs & { buildingParam: string | undefined; unitParam: string | undefined }) {
  const { request, context, actor, base } = args;
  const locale = requestLanguage(request);
  const buildingId = parseRouteId(args.buildingParam, false) as number;
  const unitId = parseRouteId(args.unitParam, true);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const values = readUnitForm(form);
  const origin = requestOrigin(request, context.clientIp);
  if (unitId === 'new' && intent === 'create-unit') {
    const outcome = await createUnit({ db: context.db, actor, origin, buildingId, input: values });
    if (!outcome.ok) return refused(intent, outcome, locale, values);
    return redirect(`${base}/${buildingId}/units/${outcome.unitId}?done=created`, 303);
  }
  if (unitId !== 'new' && intent === 'update-unit') {
    const outcome = await updateUnit({ db: context.db, actor, origin, buildingId, unitId, input: values });
    if (!outcome.ok) return refused(intent, outcome, locale, values);
    return done(
      request,
      { ok: true, intent, message: outcome.changed ? 'portfolio.done.saved' : 'portfolio.done.unchanged' },
      `${base}/${buildingId}/units/${unitId}`,
    );
  }
  return data<PortfolioActionResult>(
    { ok: false, intent, errors: { form: getT(locale)('portfolio.errors.unknownIntent') } },
    { status: 400 },
  );
}

/** The CSV export of a building's units as a download, or 404. */
export async function unitsCsvResponse(args: PageArgs & { buildingParam: string | undefined }): Promise<Response> {
  const buildingId = parseRouteId(args.buildingParam, false) as number;
  const exported = await exportUnitsCsv({
    db: args.context.db,
    actor: args.actor,
    origin: requestOrigin(args.request, args.context.clientIp),
    buildingId,
  });
  if (!exported) return notFound(args, { buildingId });
  return new Response(exported.csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exported.fileName}"`,
      'Cache-Control': 'no-store',
    },
  });
}
