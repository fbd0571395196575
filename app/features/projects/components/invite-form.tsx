/**
 * The invitation to bid: the vendors that may get new work and serve the building's state (one
 * checkbox each, so it works without JavaScript) and the deadline, in UTC. While bidding it
 * invites more vendors and/or moves the deadline (which reopens a bidding closed early).
 */
import { Alert, Button, Checkbox, Fieldset, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';
import { formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { ProjectDetail, VendorChoice } from '../project-queries.server';
import type { ProjectActionResult } from '../projects.types';
import { useActionResult } from '~/components/forms/use-action-result';
import { PROJECTS_TOAST } from './projects-toast';

type Props = {
  detail: ProjectDetail;
  choices: VendorChoice[];
  now: string;
  result: ProjectActionResult | undefined;
};

export function InviteForm({ detail, choices, now, result }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { busy, formRef, formKey, errors, values } = useActionResult(result, { intent: 'invite', toast: PROJECTS_TOAST });
  const chosen = new Set(Array.isArray(values.vendorIds) ? values.vendorIds : []);
  const deadline = typeof values.deadline === 'string' ? values.deadline : (detail.bidDeadline?.slice(0, 16) ?? '');
  return (
    <Form method="post" noValidate ref={formRef} key={formKey} data-testid="invite-form">
      <input type="hidden" name="intent" value="invite" />
      <Stack gap="sm">
        {choices.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="invite-no-vendors">
            {t(detail.buildingState ? 'projects.invite.noVendors' : 'projects.invite.noBuilding', { state: detail.buildingState ?? '' })}
          </Text>
        ) : (
          <Fieldset
            legend={t('projects.invite.vendors', {
              state: detail.buildingState ?? '',
            })}
            variant="unstyled"
            data-testid="invite-vendors"
            data-error-group={errors.vendorIds ? true : undefined}
          >
            <ScrollArea.Autosize mah={280} type="auto" offsetScrollbars>
              <Stack gap={8} mt="xs">
                {choices.map((choice) => (
                  <Checkbox
                    key={choice.id}
                    name="vendorId"
                    value={String(choice.id)}
                    defaultChecked={chosen.has(String(choice.id))}
                    label={choice.companyName}
                    description={[
                      choice.trades.length ? choice.trades.join(', ') : null,
                      choice.insuranceExpiry
                        ? t('projects.invite.insuredUntil', {
                            date: formatIsoDate(choice.insuranceExpiry, lang),
                          })
                        : null,
                      choice.rating !== null ? t('projects.invite.rating', { rating: choice.rating }) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                    data-testid="invite-vendor"
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Fieldset>
        )}
        {errors.vendorIds && (
          <Text c="red.8" size="sm" role="alert" data-testid="invite-vendors-error">
            {errors.vendorIds}
          </Text>
        )}
        <TextInput
          name="deadline"
          type="datetime-local"
          label={t('projects.invite.deadline')}
          description={t('projects.invite.deadlineHint')}
          required
          min={now}
          defaultValue={deadline}
          error={errors.deadline}
          maw={320}
          data-testid="invite-deadline"
        />
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <Group>
          <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={busy} data-testid="invite-submit">
            {t(detail.status === 'planned' ? 'projects.invite.open' : 'projects.invite.update')}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
