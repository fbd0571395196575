/**
 * Phone, e-mail, address, office hours and reply time (spec §9 "Contact copy"), as stored in
 * /admin/system. Hours are written the language's way ("9:00 AM-6:00 PM" / "9:00-18:00").
 */
import { Anchor, Group, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconMail, IconMapPin, IconMessageCircle, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { formatDayHours, OFFICE_DAY_GROUPS } from '~/lib/office-hours';
import { useLanguage } from '~/lib/use-language';
import { REPLY_WITHIN_HOURS, telHref, type ContactInfo } from '../contact-info';

/** One line of the card: an icon beside its content (in a `<div>`, which `grow` widens to the rest of the line). */
function DetailRow({ icon, grow, children }: { icon: ReactNode; grow?: boolean; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size="lg" aria-hidden>
        {icon}
      </ThemeIcon>
      <div style={grow ? { flex: 1 } : undefined}>{children}</div>
    </Group>
  );
}

export function ContactDetails({ contact }: { contact: ContactInfo }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="contact-details-title">
      <Stack gap="lg">
        <Title order={2} size="h3" id="contact-details-title">
          {t('forms.contact.details.title')}
        </Title>
        <DetailRow icon={<IconPhone size={18} />}>
          <Text size="sm" c="dimmed">
            {t('forms.contact.details.phone')}
          </Text>
          <Anchor href={telHref(contact.phone)} fw={600} data-testid="contact-phone">
            {contact.phone}
          </Anchor>
        </DetailRow>
        <DetailRow icon={<IconMail size={18} />}>
          <Text size="sm" c="dimmed">
            {t('forms.contact.details.email')}
          </Text>
          <Anchor href={`mailto:${contact.email}`} fw={600} data-testid="contact-email">
            {contact.email}
          </Anchor>
        </DetailRow>
        {contact.address && (
          <DetailRow icon={<IconMapPin size={18} />}>
            <Text size="sm" c="dimmed">
              {t('forms.contact.details.address')}
            </Text>
            <Text fw={600} data-testid="contact-address">
              {contact.address}
            </Text>
          </DetailRow>
        )}
        <DetailRow icon={<IconClock size={18} />} grow>
          <Text size="sm" c="dimmed" id="office-hours-title">
            {t('forms.contact.hours.title')}
          </Text>
          <Table
            aria-labelledby="office-hours-title"
            withRowBorders={false}
            verticalSpacing={2}
            horizontalSpacing={0}
            data-testid="office-hours"
          >
            <Table.Tbody>
              {OFFICE_DAY_GROUPS.map((group) => (
                <Table.Tr key={group} data-testid={`office-hours-${group}`}>
                  <Table.Th scope="row" fw={600} pr="md">
                    {t(`forms.contact.hours.${group}`)}
                  </Table.Th>
                  <Table.Td>{formatDayHours(contact.officeHours[group], lang) ?? t('forms.contact.hours.closed')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </DetailRow>
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
