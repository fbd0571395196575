/**
 * The contact form (spec §2 /contact). A real `<Form method="post">`: without JavaScript the
 * browser posts it and the server answers with the errors or a redirect to `?sent=1`; with
 * JavaScript the same action answers data, a toast confirms and the form is cleared.
 */
import { Alert, Anchor, Button, Grid, NativeSelect, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useFormOutcome } from '~/components/forms/use-form-outcome';
import { useRateLimitMessage, useRateLimitToast } from '~/components/forms/use-rate-limit-toast';
import { IconAlertCircle, IconCircleCheck, IconHome, IconSend } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Form, Link } from 'react-router';
import { CONTACT_TOPICS, type ContactField, type ContactFormValues, type ContactTopic } from '../contact.schemas';
import { TEXT_LIMITS, type FieldErrors } from '~/lib/form-fields';

export type ContactActionResult =
  | { ok: true }
  | { ok: false; errors: FieldErrors<ContactField>; values: ContactFormValues }
  /** Refused by the rate limiter (HTTP 429): nothing was sent. */
  | { ok: false; rateLimited: { action: string; retryAfterS: number }; errors: FieldErrors<ContactField>; values?: undefined };

type Props = {
  /** What the action answered for the last enhanced submission. */
  result: ContactActionResult | undefined;
  /** The listing the visitor came from (`/contact?property=12`), when it exists. */
  property: { id: number; title: string } | null;
  defaultTopic: ContactTopic | undefined;
  /** Show the success message on the page (no-JavaScript submissions). */
  sent: boolean;
};

export function ContactForm({ result, property, defaultTopic, sent }: Props) {
  const { t } = useTranslation();
  const failed = result && !result.ok ? result : undefined;
  const errors: FieldErrors<ContactField> = failed?.errors ?? {};
  const values = failed?.values;
  useRateLimitToast(result);
  const rateLimitMessage = useRateLimitMessage(result);

  const { busy, formRef, formKey } = useFormOutcome(result, () =>
    notifications.show({ color: 'teal', title: t('common.toast.success'), message: t('forms.contact.success') }),
  );

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="contact-form-title">
      <Title order={2} size="h3" id="contact-form-title" mb="xs">
        {t('forms.contact.form.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('forms.contact.form.intro')}
      </Text>
      {sent && (
        <Alert color="teal" icon={<IconCircleCheck aria-hidden />} mb="md" data-testid="contact-sent" title={t('common.toast.success')}>
          {t('forms.contact.success')}
        </Alert>
      )}
      {failed && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} mb="md" data-testid="form-errors">
          {errors.form ?? rateLimitMessage ?? t('common.form.fixErrors')}
        </Alert>
      )}
      <Form method="post" ref={formRef} key={formKey} noValidate data-testid="contact-form">
        <Stack gap="sm">
          {property && (
            <Alert color="gray" variant="light" icon={<IconHome aria-hidden />} data-testid="contact-property">
              <Text size="sm">
                {t('forms.contact.form.aboutProperty')}{' '}
                <Anchor component={Link} to={`/property/${property.id}`} fw={600}>
                  {property.title}
                </Anchor>
              </Text>
              <input type="hidden" name="property" value={property.id} />
            </Alert>
          )}
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                name="name"
                label={t('forms.contact.form.name')}
                autoComplete="name"
                required
                maxLength={TEXT_LIMITS.name}
                defaultValue={values?.name}
                error={errors.name}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                name="email"
                type="email"
                label={t('forms.contact.form.email')}
                autoComplete="email"
                required
                maxLength={TEXT_LIMITS.email}
                defaultValue={values?.email}
                error={errors.email}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                name="phone"
                type="tel"
                label={t('forms.contact.form.phone')}
                description={t('forms.optional')}
                autoComplete="tel"
                maxLength={TEXT_LIMITS.phone}
                defaultValue={values?.phone}
                error={errors.phone}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NativeSelect
                name="topic"
                label={t('forms.contact.form.topic')}
                required
                defaultValue={values?.topic ?? defaultTopic ?? ''}
                error={errors.topic}
                data={[
                  { value: '', label: t('forms.contact.form.topicPlaceholder'), disabled: true },
                  ...CONTACT_TOPICS.map((topic) => ({ value: topic, label: t(`forms.contact.topic.${topic}`) })),
                ]}
              />
            </Grid.Col>
          </Grid>
          <Textarea
            name="message"
            label={t('forms.contact.form.message')}
            required
            rows={6}
            maxLength={TEXT_LIMITS.message}
            defaultValue={values?.message}
            error={errors.message}
          />
          <Button type="submit" loading={busy} leftSection={<IconSend size={16} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
            {t('forms.contact.form.submit')}
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}
