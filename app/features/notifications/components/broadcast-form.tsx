/**
 * "Send a notification" on /admin/notifications (decision 013): to one person (e-mail
 * address, with suggestions from the page's loader `?q=`), to everyone holding a role, or to
 * everybody; title, message, type and an optional link to a page of this site. A real form: it
 * works without JavaScript (only the chosen audience's field shows, by CSS); the server
 * validates again and answers field errors.
 */
import { Alert, Autocomplete, NativeSelect, Paper, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Form, useFetcher } from 'react-router';
import { useActionResult } from '~/components/forms/use-action-result';
import { ROLES } from '~/lib/access';
import { fieldProps } from '~/lib/field-props';
import { TEXT_LIMITS } from '~/lib/form-fields';
import {
  BROADCAST_AUDIENCES,
  BROADCAST_LIMITS,
  NOTIFICATION_TYPES,
  RECIPIENT_SEARCH_MAX,
  type BroadcastActionResult,
  type BroadcastEcho,
} from '../notifications.schemas';
import classes from './notifications.module.css';
import { SubmitButton } from '~/components/icon-button';

/** A search is sent once typing pauses this long. */
const SEARCH_DELAY_MS = 250;

type Suggestion = { email: string; name: string };

const EMPTY: BroadcastEcho = { audience: 'user', email: '', role: 'tenant', title: '', message: '', type: 'info', actionUrl: '' };

/**
 * The broadcast form. `result`: what the action last answered (errors and typed values, or
 * success: a toast and a fresh form); `action`: the page's URL, which also answers `?q=` with
 * `recipients` suggestions.
 */
export function BroadcastForm({ result, action }: { result: BroadcastActionResult | undefined; action: string }) {
  const { t } = useTranslation();
  // The success toast shows the action's "sent to n people".
  const { failed, errors, values: echoed, busy, formRef, formKey } = useActionResult(result, { toast: { testId: 'broadcast-toast' } });
  const values: BroadcastEcho = failed ? { ...EMPTY, ...(echoed as Partial<BroadcastEcho>) } : EMPTY;
  const field = fieldProps(values, errors);

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="broadcast-form-title">
      <Title order={2} size="h4" id="broadcast-form-title" mb="md">
        {t('notifications.admin.form.heading')}
      </Title>
      {errors.form && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} mb="md" role="alert">
          {errors.form}
        </Alert>
      )}
      <Form
        method="post"
        action={action}
        ref={formRef}
        key={formKey}
        noValidate
        className={classes.broadcastForm}
        data-testid="broadcast-form"
      >
        <Stack gap="sm">
          <Radio.Group
            name="audience"
            label={t('notifications.admin.form.audience')}
            defaultValue={values.audience}
            error={errors.audience}
          >
            <Stack gap={6} mt={6}>
              {BROADCAST_AUDIENCES.map((audience) => (
                <Radio
                  key={audience}
                  value={audience}
                  label={t(`notifications.admin.form.audiences.${audience}`)}
                  data-testid={`broadcast-audience-${audience}`}
                />
              ))}
            </Stack>
          </Radio.Group>
          <div className={classes.userField}>
            <RecipientField action={action} defaultValue={values.email} error={errors.email} />
          </div>
          <div className={classes.roleField}>
            <NativeSelect
              {...field('role')}
              label={t('notifications.admin.form.role')}
              data={ROLES.map((role) => ({ value: role, label: t(`account.roles.${role}`) }))}
            />
          </div>
          <TextInput {...field('title')} label={t('notifications.admin.form.subject')} required maxLength={BROADCAST_LIMITS.title} />
          <Textarea
            {...field('message')}
            label={t('notifications.admin.form.message')}
            required
            autosize
            minRows={3}
            maxRows={10}
            maxLength={BROADCAST_LIMITS.message}
          />
          <NativeSelect
            {...field('type')}
            label={t('notifications.admin.form.type')}
            data={NOTIFICATION_TYPES.map((type) => ({ value: type, label: t(`notifications.types.${type}`) }))}
          />
          <TextInput
            {...field('actionUrl')}
            label={t('notifications.admin.form.link')}
            description={t('notifications.admin.form.linkHint')}
            placeholder="/properties"
            maxLength={BROADCAST_LIMITS.actionUrl}
          />
          <SubmitButton loading={busy} icon={IconSend} style={{ alignSelf: 'flex-start' }}>
            {t('notifications.admin.form.submit')}
          </SubmitButton>
        </Stack>
      </Form>
    </Paper>
  );
}

/** The recipient's e-mail address, suggesting accounts as the admin types. */
function RecipientField({ action, defaultValue, error }: { action: string; defaultValue: string; error: string | undefined }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ recipients?: Suggestion[] }>();
  const [value, setValue] = useState(defaultValue);
  const timer = useRef<number | undefined>(undefined);
  const { load } = fetcher;

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onChange = (next: string) => {
    setValue(next);
    window.clearTimeout(timer.current);
    const q = next.trim();
    if (q.length < 2) return;
    timer.current = window.setTimeout(
      () => void load(`${action}?q=${encodeURIComponent(q.slice(0, RECIPIENT_SEARCH_MAX))}`),
      SEARCH_DELAY_MS,
    );
  };

  const suggestions = value.trim().length >= 2 ? (fetcher.data?.recipients ?? []) : [];
  const names = new Map(suggestions.map((item) => [item.email, item.name]));
  return (
    <Autocomplete
      name="email"
      type="email"
      label={t('notifications.admin.form.email')}
      description={t('notifications.admin.form.emailHint')}
      autoComplete="off"
      maxLength={TEXT_LIMITS.email}
      value={value}
      onChange={onChange}
      error={error}
      data={suggestions.map((item) => item.email)}
      // The server already matched e-mail or name; show what it found.
      filter={({ options }) => options}
      renderOption={({ option }) => (
        <div>
          <Text size="sm">{option.value}</Text>
          <Text size="xs" c="dimmed">
            {names.get(option.value)}
          </Text>
        </div>
      )}
      data-testid="broadcast-email"
    />
  );
}
