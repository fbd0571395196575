/**
 * /admin/users (spec §2, §6: admin only; DESIGN §5: staff roles are granted by an admin). A
 * searchable, paginated list of accounts (`?q=&page=`, 25 a page), the panel of one account
 * (`?user=<id>`) and the commands, posted as `intent`:
 *
 * - `create` (email, fullName, password, role): a verified account with any role;
 * - `set-role` (userId, role): an admin cannot give up their own admin role;
 * - `ban` (userId, reason?): signs the user out everywhere at once; not yourself;
 * - `unban` (userId).
 *
 * Answers per decision 037 (see `action`).
 */
import { Alert, Grid, Group, Stack, Text, TextInput, Button, Anchor } from '@mantine/core';
import { IconCircleCheck, IconSearch } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { data, Form, Link } from 'react-router';
import { parsePage } from '~/features/admin/admin.server';
import { changeUserRole, banUser, createUserAccount, findUserForAdmin, listUsers, unbanUser } from '~/features/admin/admin-users.server';
import {
  isUserIntent,
  USER_INTENTS,
  USER_SEARCH_MAX,
  type CreateUserEcho,
  type UserIntent,
  type UsersActionResult,
} from '~/features/admin/admin-users.types';
import { LinkPagination } from '~/components/lists/link-pagination';
import { SignedInPageHeader } from '~/components/page-header';
import { UserCreateForm } from '~/features/admin/components/user-create-form';
import { UserManagePanel } from '~/features/admin/components/user-manage-panel';
import { UserTable } from '~/features/admin/components/user-table';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import type { ActionFailure } from '~/lib/action-result';
import { formText } from '~/lib/form-fields';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { handleFormAction, type FormCall } from '~/server/http/form-action.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/users';

/** The list's query string for `page` (and the open panel), keeping the search. */
function usersHref({ q, page, user }: { q: string; page?: number; user?: string | null }): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page && page > 1) params.set('page', String(page));
  if (user) params.set('user', user);
  const search = params.toString();
  return search ? `/admin/users?${search}` : '/admin/users';
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const lang = requestLanguage(request);
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').slice(0, USER_SEARCH_MAX);
  const selectedId = params.get('user');
  const [list, selected] = await Promise.all([
    listUsers({ db: context.db, actor, q, page: parsePage(params.get('page')) }),
    selectedId ? findUserForAdmin({ db: context.db, actor, userId: selectedId }) : Promise.resolve(null),
  ]);
  const done = params.get('done');
  return {
    list,
    selected,
    selectedMissing: Boolean(selectedId) && !selected,
    viewerId: actor.id,
    done: isUserIntent(done) || done === 'unchanged' ? done : null,
    i18n: translations(lang, ['account', 'admin']),
    meta: pageMeta(lang, 'admin.users.meta.title', 'admin.users.meta.description'),
  };
}

/**
 * The account commands, through the page protocol (decision 037): 422 with translated messages
 * by field (the create form's typed values come back, never the password), 404 for an unknown
 * account, 400 for an unknown intent. A success answers the toast's text, or, for a plain
 * browser post, 303 back to the list with the account's panel open and `done=`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'admin');
  return handleFormAction({ request, context }, { intents: USER_INTENTS }, async (call: FormCall<UserIntent>) => {
    const { form, intent } = call;
    const options = { db: context.db, actor, origin: call.origin, locale: call.lang };
    const userId = formText(form, 'userId');
    const echo: CreateUserEcho = { email: formText(form, 'email'), fullName: formText(form, 'fullName'), role: formText(form, 'role') };
    const password = form.get('password');
    const outcome =
      intent === 'create'
        ? await createUserAccount({ ...options, input: { ...echo, password: typeof password === 'string' ? password : '' } })
        : intent === 'set-role'
          ? await changeUserRole({ ...options, input: { userId, role: echo.role } })
          : intent === 'ban'
            ? await banUser({ ...options, input: { userId, reason: formText(form, 'reason') } })
            : await unbanUser({ ...options, input: { userId } });
    if (!outcome.ok) {
      const values = intent === 'create' ? echo : undefined;
      return data<ActionFailure>({ ok: false, intent, errors: outcome.errors, values }, { status: outcome.status });
    }
    context.logger.info({ intent, actor: actor.id, target: outcome.userId, changed: outcome.changed }, 'user administration');
    // A plain browser post goes back to the list (post/redirect/get), with the account's panel open.
    const params = new URLSearchParams();
    const q = new URL(request.url).searchParams.get('q');
    if (q && intent !== 'create') params.set('q', q);
    if (intent === 'create') params.set('q', echo.email);
    params.set('user', outcome.userId);
    params.set('done', outcome.changed ? intent : 'unchanged');
    return call.done({
      message: outcome.changed ? `admin.users.done.${intent}` : 'admin.users.done.unchanged',
      redirectTo: `/admin/users?${params.toString()}`,
      extra: { userId: outcome.userId, changed: outcome.changed },
    });
  });
}

export const meta = loaderMeta;

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { list, selected, selectedMissing, viewerId, done } = loaderData;
  const result = actionData as UsersActionResult | undefined;
  const hrefFor = (page: number) => usersHref({ q: list.q, page, user: selected?.id });
  return (
    <>
      <SignedInPageHeader title={t('admin.users.title')} subtitle={t('admin.users.subtitle')} />
      {done && (
        <Alert color="teal" icon={<IconCircleCheck aria-hidden />} mb="md" data-testid="users-done">
          {t(`admin.users.done.${done}`)}
        </Alert>
      )}
      {/* Wide screens: the list beside the account panel and the create form. Narrower: the
          panel of the chosen account and the create form first, then the list. */}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, xl: 4 }} order={{ base: 1, xl: 2 }}>
          <Stack gap="lg">
            {selectedMissing && (
              <Alert color="yellow" data-testid="user-missing">
                {t('admin.users.manage.notFound')}
              </Alert>
            )}
            {selected && (
              <UserManagePanel user={selected} viewerId={viewerId} result={result} closeHref={usersHref({ q: list.q, page: list.page })} />
            )}
            <UserCreateForm result={result} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 8 }} order={{ base: 2, xl: 1 }}>
          <Stack gap="md">
            <Form method="get" action="/admin/users" role="search" data-testid="users-search">
              <Group align="flex-end" gap="sm" wrap="wrap">
                <TextInput
                  name="q"
                  type="search"
                  label={t('admin.users.search.label')}
                  defaultValue={list.q}
                  key={list.q}
                  maxLength={USER_SEARCH_MAX}
                  leftSection={<IconSearch size={16} aria-hidden />}
                  style={{ flex: '1 1 240px' }}
                />
                <Button type="submit" variant="default">
                  {t('admin.users.search.submit')}
                </Button>
                {list.q && (
                  <Anchor component={Link} to="/admin/users" size="sm" py={8}>
                    {t('admin.users.search.clear')}
                  </Anchor>
                )}
              </Group>
            </Form>
            <Text size="sm" c="dimmed" data-testid="users-count" aria-live="polite">
              {t('admin.users.results', { count: list.total })}
            </Text>
            <UserTable
              users={list.items}
              q={list.q}
              selectedId={selected?.id ?? null}
              viewerId={viewerId}
              manageHref={(id) => usersHref({ q: list.q, page: list.page, user: id })}
            />
            <LinkPagination page={list.page} pageCount={list.pageCount} hrefFor={hrefFor} testId="users-pagination" />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
