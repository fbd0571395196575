/**
 * The page adapter of /admin/owners and /admin/owners/:ownerId (decision 061; page protocol of
 * decision 037). The list page searches owners (`?q=`) and creates one (`create`); the detail page
 * edits the record (`update`), makes the owner the owner of record of a building
 * (`assign-building`), writes a building's management agreement (`save-agreement`) and records an
 * owner contribution (`record-contribution`) and regenerates a month's statement
 * (`regenerate-statement`, `month`: the toast says whether its fingerprint stayed the same) and
 * e-mails the owner an invitation to the owner portal (`send-invitation`) and answers the owner's
 * message thread (`send-message`). Routes check the admin
 * role first. Answers: 404 for an unknown owner or a building the owner does not hold, 409 for an
 * e-mail another owner has or an invitation to an owner who has an account already,
 * 422 with field messages (nothing written), 400 for an unknown intent; after a success a 303 for
 * a plain post (to the new owner's page after `create`), data and a toast otherwise.
 */
import { data } from 'react-router';
import { OWNER_PORTAL_PATH } from '~/lib/access';
import { staffPageTranslations } from '~/i18n/resources.server';
import { getT } from '~/i18n/translate.server';
import type { ActionFailure } from '~/lib/action-result';
import { utcToday } from '~/lib/dates';
import { parseId } from '~/lib/ids';
import { requestLanguage } from '~/lib/route-helpers.server';
import type { Viewer } from '~/server/auth/session.server';
import { handleFormAction, reasonTable, type FormCall } from '~/server/http/form-action.server';
import type { DimoraLoadContext } from '~/server/load-context';
import {
  agreementSchema,
  assignBuildingSchema,
  contributionSchema,
  OWNER_ADMIN_INTENTS,
  ownerSchema,
  regenerateSchema,
  type OwnerAdminIntent,
} from './owners.schemas';
import { sendOwnerInvitation, type OwnerInvitationRefusal } from './owner-invitation.server';
import { ownerMessageSchema, postOwnerMessage } from './owner-messages.server';
import { findViewerOwner } from './owner-portal.server';
import { regenerateOwnerStatement } from './owner-statements.server';
import {
  assignBuildingOwner,
  createOwner,
  findOwnerDetail,
  listOwners,
  recordOwnerContribution,
  saveManagementAgreement,
  updateOwner,
  type OwnerOutcome,
  type OwnerRefusal,
} from './owners.server';

type PageArgs = { request: Request; context: DimoraLoadContext; actor: Viewer };

const PAGE_TRANSLATIONS = ['owners', 'forms', 'reports'] as const;

/** How the owner pages answer the owner services' reason codes (`owners.errors.<reason>`). */
export const OWNER_REFUSALS = reasonTable<OwnerRefusal | OwnerInvitationRefusal>('owners.errors', {
  not_found: 404,
  already_linked: 409,
  email_taken: { status: 409, field: 'email' },
  building_not_found: { status: 404, field: 'buildingId' },
});

function isOwnerAdminIntent(value: string | null): value is OwnerAdminIntent {
  return (OWNER_ADMIN_INTENTS as readonly string[]).includes(value ?? '');
}

/** /admin/owners: the owners matching `?q=` (by name) and the create form's translations. */
export async function loadOwnerListPage({ request, context }: PageArgs) {
  const lang = requestLanguage(request);
  const q = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 100);
  const owners = await listOwners(context.db, { q });
  return { owners, q, i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS) };
}

/** /admin/owners/:ownerId: the owner, their buildings with agreements and settled months; 404 when unknown. */
export async function loadOwnerDetailPage({ request, context, ownerId }: PageArgs & { ownerId: string | undefined }) {
  const lang = requestLanguage(request);
  const id = parseId(ownerId);
  const detail = id ? await findOwnerDetail(context.db, id) : null;
  if (!detail) throw data(null, { status: 404 });
  const done = new URL(request.url).searchParams.get('done');
  return {
    detail,
    today: utcToday(),
    done: isOwnerAdminIntent(done) ? done : null,
    i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS),
  };
}

/** Answers a service's outcome: the refusal, or the success toast and where a plain post goes. */
function answer(
  call: FormCall<OwnerAdminIntent>,
  outcome: OwnerOutcome | { ok: false; reason: OwnerInvitationRefusal },
  redirectTo: (id: number) => string,
  { alwaysRedirect = false, key }: { alwaysRedirect?: boolean; key?: string } = {},
) {
  if (!outcome.ok) call.refuse(OWNER_REFUSALS[outcome.reason], { key });
  return call.done({ message: `owners.done.${call.intent}`, redirectTo: redirectTo(outcome.id), alwaysRedirect, key });
}

/** The list page's one command, `create`: a new owner, then their page. */
export async function handleOwnerListAction({ request, context, actor }: PageArgs) {
  return handleFormAction({ request, context }, { intents: ['create'] as const, defaultIntent: true }, async (call) => {
    const input = call.parse(ownerSchema);
    const outcome = await createOwner(context.db, { actor, input, origin: call.origin });
    return answer(call as FormCall<OwnerAdminIntent>, outcome, (id) => `/admin/owners/${id}?done=create`, { alwaysRedirect: true });
  });
}

/** The detail page's commands (see the module comment). */
export async function handleOwnerDetailAction({ request, context, actor, ownerId }: PageArgs & { ownerId: string | undefined }) {
  const id = parseId(ownerId);
  if (!id) {
    const t = getT(requestLanguage(request));
    return data<ActionFailure>({ ok: false, intent: null, errors: { form: t('owners.errors.not_found') } }, { status: 404 });
  }
  const back = (intent: OwnerAdminIntent) => () => `/admin/owners/${id}?done=${intent}`;
  return handleFormAction({ request, context }, { intents: OWNER_ADMIN_INTENTS.filter((intent) => intent !== 'create') }, async (call) => {
    const common = { actor, id, origin: call.origin };
    switch (call.intent) {
      case 'update':
        return answer(call, await updateOwner(context.db, { ...common, input: call.parse(ownerSchema) }), back('update'));
      case 'assign-building': {
        const { buildingId } = call.parse(assignBuildingSchema);
        return answer(call, await assignBuildingOwner(context.db, { ...common, buildingId }), back('assign-building'));
      }
      case 'save-agreement': {
        // One form per building: the answer carries its building as the form's key.
        const key = call.fields.buildingId;
        const input = call.parse(agreementSchema, undefined, { key });
        return answer(call, await saveManagementAgreement(context.db, { ...common, input }), back('save-agreement'), { key });
      }
      case 'record-contribution': {
        const { buildingId, amount, date } = call.parse(contributionSchema);
        return answer(
          call,
          await recordOwnerContribution(context.db, { ...common, buildingId, amountCents: amount, date }),
          back('record-contribution'),
        );
      }
      case 'send-message': {
        const { body } = call.parse(ownerMessageSchema);
        const posted = await postOwnerMessage(context.db, { ownerId: id, author: actor, authorKind: 'staff', body });
        return answer(call, posted ? { ok: true, id } : { ok: false, reason: 'not_found' }, back('send-message'));
      }
      case 'send-invitation':
        return answer(call, await sendOwnerInvitation(context.db, common), back('send-invitation'));
      case 'regenerate-statement': {
        const { month } = call.parse(regenerateSchema, undefined, { key: call.fields.month });
        const outcome = await regenerateOwnerStatement(context.db, { actor, ownerId: id, month, origin: call.origin });
        if (!outcome.ok) return call.refuse({ status: 404, message: 'owners.errors.not_settled' }, { key: month });
        return call.done({
          message: outcome.unchanged ? 'owners.statement.list.regenerated' : 'owners.statement.list.changed',
          redirectTo: `/admin/owners/${id}?done=regenerate-statement`,
          key: month,
        });
      }
      default:
        return call.refuse({ status: 400, message: 'common.errors.unknownIntent' });
    }
  });
}

/**
 * /owner-portal's one command, `send-message` (`body`): the signed-in owner writes to the
 * management (the route checked the owner role). 404 when the account has no owner record, 422
 * for an empty or too long message; data and a toast, or a 303 back for a plain post.
 */
export async function handleOwnerPortalAction({ request, context, actor }: PageArgs) {
  return handleFormAction({ request, context }, { intents: ['send-message'] as const }, async (call) => {
    const { body } = call.parse(ownerMessageSchema);
    const record = await findViewerOwner(context.db, actor);
    const posted = record ? await postOwnerMessage(context.db, { ownerId: record.id, author: actor, authorKind: 'owner', body }) : null;
    if (!posted) return call.refuse({ status: 404, message: 'owners.errors.not_found' });
    return call.done({ message: 'owners.done.send-message', redirectTo: `${OWNER_PORTAL_PATH}#owner-messages` });
  });
}
