/**
 * "Create an account" on /admin/users (DESIGN §5: staff roles are granted by an admin): e-mail,
 * full name, password and any of the four roles. A real form behind a native disclosure (the
 * list stays first; it opens by itself when the server sent errors back); the server validates
 * again.
 */
import { Button, NativeSelect, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { ErrorAlert } from '~/components/status-alerts';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';
import { ROLES } from '~/lib/access';
import { MIN_PASSWORD_LENGTH } from '~/lib/constants';
import { useActionResult } from '~/components/forms/use-action-result';
import { EmailField, PersonNameField } from '~/components/forms/person-fields';
import type { CreateUserEcho, UsersActionResult } from '../admin-users.types';
import classes from './admin.module.css';

export function UserCreateForm({ result }: { result: UsersActionResult | undefined }) {
  const { t } = useTranslation();
  const outcome = useActionResult(result, { intent: 'create', toast: { testId: 'users-toast' } });
  const { failed, errors, busy, formRef, formKey } = outcome;
  const values: CreateUserEcho = { email: '', fullName: '', role: 'property_manager', ...(outcome.values as Partial<CreateUserEcho>) };
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="user-create-title">
      <details open={failed ? true : undefined} data-testid="user-create">
        <summary className={classes.disclosureSummary} data-testid="user-create-toggle">
          <IconUserPlus size={18} aria-hidden />
          <Title order={2} size="h4" id="user-create-title">
            {t('admin.users.create.title')}
          </Title>
        </summary>
        <Text size="sm" c="dimmed" my="md">
          {t('admin.users.create.intro')}
        </Text>
        {errors.form && <ErrorAlert mb="md">{errors.form}</ErrorAlert>}
        <Form method="post" ref={formRef} key={formKey} noValidate data-testid="user-create-form">
          <input type="hidden" name="intent" value="create" />
          <Stack gap="sm">
            <EmailField name="email" label={t('admin.users.create.email')} autoComplete="off" errors={errors} values={values} />
            <PersonNameField name="fullName" label={t('admin.users.create.fullName')} autoComplete="off" errors={errors} values={values} />
            <PasswordInput
              name="password"
              label={t('admin.users.create.password')}
              description={t('admin.users.create.passwordHint')}
              autoComplete="new-password"
              required
              minLength={MIN_PASSWORD_LENGTH}
              error={errors.password}
            />
            <NativeSelect
              name="role"
              label={t('admin.users.create.role')}
              defaultValue={values.role}
              error={errors.role}
              data={ROLES.map((role) => ({ value: role, label: t(`account.roles.${role}`) }))}
            />
            <Button type="submit" loading={busy} leftSection={<IconUserPlus size={16} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
              {t('admin.users.create.submit')}
            </Button>
          </Stack>
        </Form>
      </details>
    </Paper>
  );
}
