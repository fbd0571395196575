/**
 * One section of /admin/system: a titled card around a real form (it works without JavaScript)
 * that posts its `intent`, shows the form-level error and, after a plain post, an inline note
 * that the section was saved. The fields are the children.
 */
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';

type Props = {
  section: string;
  title: string;
  description: string;
  formRef: Ref<HTMLFormElement>;
  /** Changes when the values shown change (saved, or typed ones sent back): the form re-mounts with them. */
  formKey: string;
  busy: boolean;
  formError?: string | undefined;
  /** A plain (no-JavaScript) post of this section was saved. */
  saved: boolean;
  children: ReactNode;
};

export function SettingsSection({ section, title, description, formRef, formKey, busy, formError, saved, children }: Props) {
  const { t } = useTranslation();
  const titleId = `${section}-title`;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={titleId} id={section} data-testid={`system-${section}`}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={titleId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {saved && (
          <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status">
            {t('ops.system.saved')}
          </Alert>
        )}
        {formError && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {formError}
          </Alert>
        )}
        <Form method="post" ref={formRef} key={formKey} noValidate data-testid={`system-${section}-form`}>
          <input type="hidden" name="intent" value={section} />
          <Stack gap="md">
            {children}
            <Button
              type="submit"
              loading={busy}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
              data-testid={`system-${section}-save`}
            >
              {t('ops.system.save')}
            </Button>
          </Stack>
        </Form>
      </Stack>
    </Paper>
  );
}
