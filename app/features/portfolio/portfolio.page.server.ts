/**
 * The portfolio pages' loaders and actions, shared by the admin's `/admin/properties/*` and a
 * property manager's `/dashboard/buildings/*` (decision 015: the same forms, scoped
 * server-side). Routes check the role first and pass the actor and their base path; the actions
 * follow the page protocol (decision 037): the services' reasons map to 404 (unknown, or not the
 * actor's — audited), 403, 422 with translated field errors (nothing written), 413 for a CSV too
 * large, 400 for an unknown intent; after a success a 303 back to the page (`?done=<outcome>`)
 * for a plain form post, data and a toast for an enhanced one.
 */
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import { translations } from '~/i18n/resources.server';
import type { ActionResult } from '~/lib/action-result';
import { formText } from '~/lib/form-fields';
import { INT4_MAX } from '~/lib/ids';
import { UNIT_STATUSES, type UnitStatus } from '~/lib/property-types';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import { fileResponse } from '~/server/http/download.server';
import { handleFormAction, type FormCall, type ReasonTable } from '~/server/http/form-action.server';
import { fieldErrors } from '~/server/http/form.server';
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
import type { PortfolioFailure, PortfolioRefusal, UnitImportPreview } from './portfolio.types';
import { commitUnitImport, exportUnitsCsv, previewUnitImport } from './unit-import.server';
import { bulkUpdateUnits, createUnit, findUnitDetail, updateUnit, type BulkUnitCommand } from './units.server';

/** Where a page lives: the admin area or the manager's dashboard. */
export type PortfolioBase = '/admin/properties' | '/dashboard/buildings';

type PageArgs = { request: Request; context: DimoraLoadContext; actor: Viewer; base: PortfolioBase };

/** The building page's forms (`create-building` only on `…/new`). */
const NEW_BUILDING_INTENTS = ['create-building'] as const;
const BUILDING_INTENTS = ['update-building', 'bulk-units', 'import-preview', 'import-commit'] as const;
/** The unit page's forms (`create-unit` only on `…/units/new`). */
const NEW_UNIT_INTENTS = ['create-unit'] as const;
const UNIT_INTENTS = ['update-unit'] as const;

/** Every form of the portfolio pages. */
export type PortfolioIntent =
  | (typeof NEW_BUILDING_INTENTS)[number]
  | (typeof BUILDING_INTENTS)[number]
  | (typeof NEW_UNIT_INTENTS)[number]
  | (typeof UNIT_INTENTS)[number];

/**
 * What a portfolio action answers (decision 037): a bulk command adds the units `count`, an
 * import its `result`, and the dry run its `preview` (answered 422 while the file has problems).
 */
export type PortfolioActionResult = ActionResult<
  PortfolioIntent,
  { count?: number; result?: { created: number; updated: number }; preview?: UnitImportPreview }
>;

const PAGE_TRANSLATIONS = ['account', 'admin', 'listings', 'portfolio', 'photos'] as const;

/** A route id (`:buildingId`, `:unitId`) as a number, `new`, or a 404. */
export function parseRouteId(raw: string | undefined, allowNew: boolean): number | 'new' {
  if (allowNew && raw === 'new') return 'new';
  if (!raw || !/^\d{1,10}$/.test(raw)) throw data(null, { status: 404 });
  const id = Number(raw);
  if (id < 1 || id > INT4_MAX) throw data(null, { status: 404 });
  return id;
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

/** How the pages answer each reason of the portfolio services (an invalid input answers its fields). */
const REFUSALS: ReasonTable<Exclude<PortfolioRefusal, 'invalid'>> = {
  not_found: { status: 404, message: 'portfolio.errors.notFound' },
  forbidden: { status: 403, message: 'portfolio.errors.notFound' },
};

/** Answers a service's refusal: its zod issues and field keys translated, a 422 unless the record is not the actor's. */
function refuse(call: FormCall<PortfolioIntent>, outcome: PortfolioFailure): never {
  const errors = outcome.issues ? fieldErrors(outcome.issues as z.ZodError, call.lang) : {};
  for (const [field, key] of Object.entries(outcome.fields ?? {})) errors[field] = call.t(key);
  if (outcome.reason === 'invalid') call.invalid(errors);
  call.refuse(REFUSALS[outcome.reason], { errors });
}

/** The success of a save: the toast, and `?done=saved|unchanged` after a plain post. */
function saved(call: FormCall<PortfolioIntent>, changed: boolean, here: string) {
  const outcome = changed ? 'saved' : 'unchanged';
  return call.done({ message: `portfolio.done.${outcome}`, redirectTo: `${here}?done=${outcome}` });
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
 * (multipart `file`; 413 over `UNIT_IMPORT_MAX_BYTES`), `import-commit` (`importId`).
 */
export async function handleBuildingAction(args: PageArgs & { param: string | undefined }) {
  const { request, context, actor, base } = args;
  const id = parseRouteId(args.param, base === '/admin/properties');
  const db = context.db;

  if (id === 'new') {
    return handleFormAction({ request, context }, { intents: NEW_BUILDING_INTENTS }, async (call: FormCall<PortfolioIntent>) => {
      const values = readBuildingForm(call.form);
      Object.assign(call.values, values);
      const outcome = await createBuilding({ db, actor, origin: call.origin, input: values });
      if (!outcome.ok) refuse(call, outcome);
      // A new building opens on its own page, for its units and photos.
      return redirect(`${base}/${outcome.buildingId}?done=created`, 303);
    });
  }

  const here = `${base}/${id}`;
  return handleFormAction({ request, context }, { intents: BUILDING_INTENTS }, async (call: FormCall<PortfolioIntent>) => {
    const { form, origin } = call;
    switch (call.intent) {
      case 'update-building': {
        const values = readBuildingForm(form);
        Object.assign(call.values, values);
        const outcome = await updateBuilding({ db, actor, origin, buildingId: id, input: values });
        if (!outcome.ok) refuse(call, outcome);
        return saved(call, outcome.changed, here);
      }
      case 'bulk-units': {
        const command = readBulkCommand(form);
        const unitIds = form.getAll('unitIds').map((value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : -1));
        if (!command) call.refuse({ status: 400, message: 'portfolio.errors.unknownIntent' });
        const outcome = await bulkUpdateUnits({ db, actor, origin, buildingId: id, unitIds, command });
        if (!outcome.ok) refuse(call, outcome);
        return call.done({
          message: 'portfolio.done.bulk',
          params: { count: outcome.changed },
          extra: { count: outcome.changed },
          redirectTo: `${here}?done=bulk`,
        });
      }
      case 'import-preview': {
        const file = form.get('file');
        if (!(file instanceof File) || file.size === 0)
          call.refuse({ status: 422, message: 'portfolio.import.errors.noFile', field: 'file' });
        if (file.size > UNIT_IMPORT_MAX_BYTES) call.refuse({ status: 413, message: 'portfolio.import.errors.tooLarge', field: 'file' });
        const outcome = await previewUnitImport({ db, actor, buildingId: id, fileName: file.name, csv: await file.text() });
        if (!outcome.ok) refuse(call, outcome);
        // The dry run answers its rows on both paths: a file with problems is a 422 to show them.
        return data<PortfolioActionResult>(
          { ok: true, intent: 'import-preview', preview: outcome.preview },
          { status: outcome.preview.importId ? 200 : 422 },
        );
      }
      case 'import-commit': {
        const outcome = await commitUnitImport({ db, actor, origin, importId: formText(form, 'importId') });
        if (!outcome.ok) refuse(call, outcome);
        return call.done({
          message: 'portfolio.done.imported',
          params: outcome.result,
          extra: { result: outcome.result },
          redirectTo: `${here}?done=imported`,
        });
      }
    }
    // Every intent is answered above; handleFormAction refused the others.
    return call.refuse({ status: 400, message: 'portfolio.errors.unknownIntent' });
  });
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
  const buildingId = parseRouteId(args.buildingParam, false) as number;
  const unitId = parseRouteId(args.unitParam, true);
  const intents = unitId === 'new' ? NEW_UNIT_INTENTS : UNIT_INTENTS;
  return handleFormAction({ request, context }, { intents }, async (call: FormCall<PortfolioIntent>) => {
    const values = readUnitForm(call.form);
    Object.assign(call.values, values);
    if (unitId === 'new') {
      const outcome = await createUnit({ db: context.db, actor, origin: call.origin, buildingId, input: values });
      if (!outcome.ok) refuse(call, outcome);
      return redirect(`${base}/${buildingId}/units/${outcome.unitId}?done=created`, 303);
    }
    const outcome = await updateUnit({ db: context.db, actor, origin: call.origin, buildingId, unitId, input: values });
    if (!outcome.ok) refuse(call, outcome);
    return saved(call, outcome.changed, `${base}/${buildingId}/units/${unitId}`);
  });
}

/** The CSV export of a building's units as a download (the shared download headers, decision 037), or 404. */
export async function unitsCsvResponse(args: PageArgs & { buildingParam: string | undefined }): Promise<Response> {
  const buildingId = parseRouteId(args.buildingParam, false) as number;
  const exported = await exportUnitsCsv({
    db: args.context.db,
    actor: args.actor,
    origin: requestOrigin(args.request, args.context.clientIp),
    buildingId,
  });
  if (!exported) return notFound(args, { buildingId });
  return fileResponse({ body: exported.csv, fileName: exported.fileName, contentType: 'text/csv; charset=utf-8' });
}
