/**
 * The panel of one account on /admin/users (`?user=<id>`): its details, a role form, and ban or
 * lift-ban. An admin's own account offers neither a ban nor giving up the admin role. Details
 * and forms sit side by side when the panel is wide, stacked when it is narrow.
 */
import { Alert, Anchor, Button, Divider, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconBan, IconLockOpen, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Form, Link } from 'react-router';
import { ROLES } from '~/lib/access';
import { useLanguage } from '~/lib/use-language';
import { BAN_REASON_MAX, type UserSummary, type UsersActionResult } from '../admin-users.types';
import { formatDateTime } from '~/lib/format';
import { RoleBadge } from '~/components/role-badge';
import { useActionResult } from '~/components/forms/use-action-result';
import { UserStatusBadges } from './user-status';

type Props = {
  user: UserSummary & { activeSessions: number };
  viewerId: string;
  result: UsersActionResult | undefined;
  closeHref: string;
};

export function UserManagePanel({ user, viewerId, result, closeHref }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const self = user.id === viewerId;
  const roleForm = useActionResult(result, { intent: 'set-role', toast: { testId: 'users-toast' } });
  const banForm = useActionResult(result, { intent: 'ban', toast: { testId: 'users-toast' } });
  const unbanForm = useActionResult(result, { intent: 'unban', toast: { testId: 'users-toast' } });
  const formError = roleForm.errors.form ?? banForm.errors.form ?? unbanForm.errors.form;
  // Keyboard and screen-reader users land on the panel they opened.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [user.id]);

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="user-manage-title" data-testid="user-manage-panel" data-user-id={user.id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Title order={2} size="h4" id="user-manage-title" ref={headingRef} tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>
          {t('admin.users.manage.title', { name: user.name })}
        </Title>
        <Anchor component={Link} to={closeHref} aria-label={t('admin.users.manage.close')} title={t('admin.users.manage.close')} c="dimmed">
          <IconX size={20} aria-hidden />
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 1 }} spacing="lg">
        <Stack gap={6}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
          <Group gap="xs">
            <RoleBadge role={user.role} />
            <UserStatusBadges emailVerified={user.emailVerified} banned={user.banned} />
          </Group>
          <Text size="sm" c="dimmed">
            <time dateTime={user.createdAt}>{formatDateTime(user.createdAt, lang)}</time> ·{' '}
            {t('admin.users.manage.sessions', { count: user.activeSessions })}
          </Text>
          {user.banned && (
            <Text size="sm" c="red.8" fw={600} data-testid="user-ban-reason">
              {user.banReason
                ? t('admin.users.manage.bannedWithReason', { reason: user.banReason })
                : t('admin.users.manage.bannedNoReason')}
            </Text>
          )}
          {self && (
            <Alert color="blue" mt="xs" variant="light">
              {t('admin.users.manage.self')}
            </Alert>
          )}
          {formError && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} mt="xs" role="alert" data-testid="user-manage-error">
              {formError}
            </Alert>
          )}
        </Stack>
        <div>
          <Form method="post" ref={roleForm.formRef} key={`role-${roleForm.formKey}-${user.role}`} data-testid="user-role-form">
            <input type="hidden" name="intent" value="set-role" />
            <input type="hidden" name="userId" value={user.id} />
            <Group align="flex-end" gap="sm" wrap="wrap">
              <NativeSelect
                name="role"
                label={t('admin.users.manage.role')}
                defaultValue={user.role}
                error={roleForm.errors.role}
                data={ROLES.map((role) => ({ value: role, label: t(`account.roles.${role}`), disabled: self && role !== 'admin' }))}
                style={{ flex: '1 1 180px' }}
              />
              <Button type="submit" variant="default" loading={roleForm.busy}>
                {t('admin.users.manage.saveRole')}
              </Button>
            </Group>
          </Form>
          {!self && <Divider my="md" />}
          {!self && user.banned && (
            <Form method="post" ref={unbanForm.formRef} key={`unban-${unbanForm.formKey}`} data-testid="user-unban-form">
              <input type="hidden" name="intent" value="unban" />
              <input type="hidden" name="userId" value={user.id} />
              <Button type="submit" variant="default" leftSection={<IconLockOpen size={16} aria-hidden />} loading={unbanForm.busy}>
                {t('admin.users.manage.unban')}
              </Button>
            </Form>
          )}
          {!self && !user.banned && (
            <Form method="post" ref={banForm.formRef} key={`ban-${banForm.formKey}`} data-testid="user-ban-form">
              <input type="hidden" name="intent" value="ban" />
              <input type="hidden" name="userId" value={user.id} />
              <Stack gap="sm">
                <div>
                  <Text fw={600} size="sm">
                    {t('admin.users.manage.banTitle')}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('admin.users.manage.banHint')}
                  </Text>
                </div>
                <TextInput name="reason" label={t('admin.users.manage.reason')} maxLength={BAN_REASON_MAX} error={banForm.errors.reason} />
                <Button
                  type="submit"
                  color="red.9"
                  leftSection={<IconBan size={16} aria-hidden />}
                  loading={banForm.busy}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('admin.users.manage.ban')}
                </Button>
              </Stack>
            </Form>
          )}
        </div>
      </SimpleGrid>
    </Paper>
  );
}
