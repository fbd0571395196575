/**
 * Phone, e-mail, office hours and reply time (spec §9 "Contact copy"). The Italian hours are the
 * real office hours, not the source's stale check-in/check-out times.
 */
import { Anchor, Group, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconMail, IconMessageCircle, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CONTACT_CHANNELS, REPLY_WITHIN_HOURS } from '../contact-info';

export function ContactDetails() {
  const { t } = useTranslation();
  const hours = [
    ['forms.contact.hours.weekdays', 'forms.contact.hours.weekdaysTime'],
    ['forms.contact.hours.saturday', 'forms.contact.hours.saturdayTime'],
    ['forms.contact.hours.sunday', 'forms.contact.hours.closed'],
  ] as const;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="contact-details-title">
      <Stack gap="lg">
        <Title order={2} size="h3" id="contact-details-title">
          {t('forms.contact.details.title')}
        </Title>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" aria-hidden>
            <IconPhone size={18} />
          </ThemeIcon>
          <div>
            <Text size="sm" c="dimmed">
              {t('forms.contact.details.phone')}
            </Text>
            <Anchor href={CONTACT_CHANNELS.phoneHref} fw={600}>
              {CONTACT_CHANNELS.phone}
            </Anchor>
          </div>
        </Group>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" aria-hidden>
            <IconMail size={18} />
          </ThemeIcon>
          <div>
            <Text size="sm" c="dimmed">
              {t('forms.contact.details.email')}
            </Text>
            <Anchor href={`mailto:${CONTACT_CHANNELS.email}`} fw={600}>
              {CONTACT_CHANNELS.email}
            </Anchor>
          </div>
        </Group>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" aria-hidden>
            <IconClock size={18} />
          </ThemeIcon>
          <div style={{ flex: 1 }}>
            <Text size="sm" c="dimmed" id="office-hours-title">
              {t('forms.contact.hours.title')}
            </Text>
            <Table aria-labelledby="office-hours-title" withRowBorders={false} verticalSpacing={2} horizontalSpacing={0} data-testid="office-hours">
              <Table.Tbody>
                {hours.map(([day, time]) => (
                  <Table.Tr key={day}>
                    <Table.Th scope="row" fw={600} pr="md">
                      {t(day)}
                    </Table.Th>
                    <Table.Td>{t(time)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        </Group>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" aria-hidden>
            <IconMessageCircle size={18} />
          </ThemeIcon>
          <Text>{t('forms.contact.details.reply', { hours: REPLY_WITHIN_HOURS })}</Text>
        </Group>
      </Stack>
    </Paper>
  );
}
