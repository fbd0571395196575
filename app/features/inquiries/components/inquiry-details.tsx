/**
 * What staff need to answer a contact-form inquiry (decision 018): subject, the
 * sender's e-mail and phone, the language the reply will be in, and the unit it is about, with
 * links to the unit's back-office page (`unitBasePath`: /admin/properties for admins,
 * /dashboard/buildings for property managers) and its public page when listed.
 */
import { Anchor, Badge, DataList, Group, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import type { StaffThreadDetail } from '../chat.types';

type Props = { thread: StaffThreadDetail; unitBasePath: string };

export function InquiryDetails({ thread, unitBasePath }: Props) {
  const { t } = useTranslation();
  const language = thread.locale === 'it' ? 'it' : 'en';
  const { unit } = thread;
  return (
    <DataList labelWidth={90} mb="sm" aria-label={t('leads.inquiry.detailsLabel')} data-testid="inquiry-details">
      <DataList.Item>
        <DataList.ItemLabel>{t('leads.inquiry.subject')}</DataList.ItemLabel>
        <DataList.ItemValue data-testid="inquiry-subject" style={{ overflowWrap: 'anywhere' }}>
          {thread.subject ?? ''}
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('leads.inquiry.phone')}</DataList.ItemLabel>
        <DataList.ItemValue data-testid="inquiry-phone">
          {thread.visitorPhone ? (
            <Anchor href={`tel:${thread.visitorPhone.replace(/[^\d+]/g, '')}`} size="sm">
              {thread.visitorPhone}
            </Anchor>
          ) : (
            <Text span size="sm" c="dimmed">
              {t('leads.inquiry.noPhone')}
            </Text>
          )}
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('leads.inquiry.language')}</DataList.ItemLabel>
        <DataList.ItemValue data-testid="inquiry-language">{t(`leads.inquiry.languages.${language}`)}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('leads.inquiry.unit')}</DataList.ItemLabel>
        <DataList.ItemValue data-testid="inquiry-unit">
          {unit ? (
            <>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {unit.title}
              </Text>
              <Text size="xs" c="dimmed">
                {t('leads.inquiry.unitLine', { building: unit.buildingName, number: unit.unitNumber, city: unit.city, state: unit.state })}
              </Text>
              <Group gap="sm" mt={4}>
                <Anchor
                  component={Link}
                  to={`${unitBasePath}/${unit.buildingId}/units/${unit.id}`}
                  size="sm"
                  data-testid="inquiry-unit-manage"
                >
                  {t('leads.inquiry.manageUnit')}
                </Anchor>
                {unit.listed ? (
                  <Anchor component={Link} to={`/property/${unit.id}`} size="sm" data-testid="inquiry-unit-public">
                    {t('leads.inquiry.publicPage')} <IconExternalLink size={12} aria-hidden />
                  </Anchor>
                ) : (
                  <Badge size="xs" color="gray.7" variant="filled" autoContrast>
                    {t('leads.inquiry.unlisted')}
                  </Badge>
                )}
              </Group>
            </>
          ) : (
            <Text span size="sm" c="dimmed">
              {t('leads.inquiry.noUnit')}
            </Text>
          )}
        </DataList.ItemValue>
      </DataList.Item>
    </DataList>
  );
}
