/**
 * One section of /admin/system: a titled card around a real form (it works without JavaScript)
 * that posts its `intent`, shows the form-level error and, after a plain post, an inline note
 * that the section was saved. The fields are the children.
 */
import { Stack } from '@mantine/core';
import { SubmitButton } from '~/components/icon-button';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { ErrorAlert, SuccessAlert } from '~/components/status-alerts';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';
import { OpsCard } from './ops-card';

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
  return (
    <OpsCard id={section} title={title} description={description} testId={`system-${section}`}>
      {saved && <SuccessAlert role="status">{t('ops.system.saved')}</SuccessAlert>}
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <Form method="post" ref={formRef} key={formKey} noValidate data-testid={`system-${section}-form`}>
        <input type="hidden" name="intent" value={section} />
        <Stack gap="md">
          {children}
          <SubmitButton loading={busy} icon={IconDeviceFloppy} style={{ alignSelf: 'flex-start' }} testId={`system-${section}-save`}>
            {t('ops.system.save')}
          </SubmitButton>
        </Stack>
      </Form>
    </OpsCard>
  );
}
