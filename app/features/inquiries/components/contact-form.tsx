/**
 * The contact form (spec §2 /contact). A real `<Form method="post">`: without JavaScript the
 * browser posts it and the server answers with the errors or a redirect to `?sent=1`; with
 * JavaScript the same action answers data, a toast confirms and the form is cleared.
 */
import { Alert, Anchor, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { FormFailureAlert, PublicFormCard } from '~/components/forms/public-form-card';
import { useActionResult } from '~/components/forms/use-action-result';
import { useRateLimitMessage } from '~/components/forms/use-rate-limit-toast';
import { EmailField, PersonNameField, PhoneField } from '~/components/forms/person-fields';
import { TwoColumnFields } from '~/components/forms/two-column-fields';
import { IconHome, IconSend } from '@tabler/icons-react';
import { SuccessAlert } from '~/components/status-alerts';
import { useTranslation } from '~/lib/i18n';
import { Form, Link } from 'react-router';
import type { ActionResult } from '~/lib/action-result';
import { CONTACT_TOPICS, type ContactField, type ContactFormValues, type ContactTopic } from '../contact.schemas';
import { TEXT_LIMITS, type FieldErrors } from '~/lib/form-fields';
import { SubmitButton } from '~/components/icon-button';

/** The contact form's one command (the form posts no `intent`: the action assumes it). */
export const CONTACT_INTENTS = ['contact'] as const;
export type ContactIntent = (typeof CONTACT_INTENTS)[number];

/** What /contact's action answers (decision 037); a refusal echoes the typed `ContactFormValues`. */
export type ContactActionResult = ActionResult<ContactIntent>;

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
  // The success toast shows the action's message; a rate-limit refusal, the spec §8 toast.
  const { failed, errors: fieldErrors, values: echoed, busy, formRef, formKey } = useActionResult(result);
  const errors: FieldErrors<ContactField> = fieldErrors;
  const values = failed ? (echoed as Partial<ContactFormValues>) : undefined;
  const rateLimitMessage = useRateLimitMessage(result);

  return (
    <PublicFormCard titleId="contact-form-title" title={t('forms.contact.form.title')} intro={t('forms.contact.form.intro')}>
      {sent && (
        <SuccessAlert mb="md" data-testid="contact-sent" title={t('common.toast.success')}>
          {t('forms.contact.success')}
        </SuccessAlert>
      )}
      {failed && <FormFailureAlert formError={errors.form} rateLimitMessage={rateLimitMessage} />}
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
          <TwoColumnFields gap="sm">
            <PersonNameField name="name" label={t('forms.contact.form.name')} errors={errors} values={values} />
            <EmailField name="email" label={t('forms.contact.form.email')} errors={errors} values={values} />
            <PhoneField
              name="phone"
              label={t('forms.contact.form.phone')}
              description={t('forms.optional')}
              errors={errors}
              values={values}
            />
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
          </TwoColumnFields>
          <Textarea
            name="message"
            label={t('forms.contact.form.message')}
            required
            rows={6}
            maxLength={TEXT_LIMITS.message}
            defaultValue={values?.message}
            error={errors.message}
          />
          <SubmitButton loading={busy} icon={IconSend} style={{ alignSelf: 'flex-start' }}>
            {t('forms.contact.form.submit')}
          </SubmitButton>
        </Stack>
      </Form>
    </PublicFormCard>
  );
}
