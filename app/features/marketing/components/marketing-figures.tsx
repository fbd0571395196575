/**
 * The four marketing figures of spec §1 as stat cards: 75,000+ units in 23 states, a vendor
 * network in 100+ countries, 145,000+ professionals, 11.7 transaction sides per agent.
 */
import { Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingCommunity, IconChartBar, IconUsers, IconWorld } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { MARKETING_FIGURES } from '~/lib/constants';
import { formatNumber } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import classes from '../marketing.module.css';

export function MarketingFigures() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const figures = [
    {
      key: 'units',
      value: `${formatNumber(MARKETING_FIGURES.unitsManaged, lang)}+`,
      detail: t('pages.figures.units.detail', { states: MARKETING_FIGURES.states }),
      icon: IconBuildingCommunity,
    },
    {
      key: 'vendors',
      value: `${formatNumber(MARKETING_FIGURES.vendorCountries, lang)}+`,
      detail: t('pages.figures.vendors.detail'),
      icon: IconWorld,
    },
    {
      key: 'professionals',
      value: `${formatNumber(MARKETING_FIGURES.networkProfessionals, lang)}+`,
      detail: t('pages.figures.professionals.detail'),
      icon: IconUsers,
    },
    {
      key: 'sides',
      value: formatNumber(MARKETING_FIGURES.transactionSidesPerAgent, lang),
      detail: t('pages.figures.sides.detail'),
      icon: IconChartBar,
    },
  ] as const;
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 2, md: 4 }}
      spacing={{ base: 'xs', sm: 'md' }}
      className={classes.plainList}
      data-testid="marketing-figures"
    >
      {figures.map(({ key, value, detail, icon: Icon }) => (
        <Paper component="li" key={key} withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} className={classes.card} data-figure={key}>
          <Stack gap={6}>
            <ThemeIcon variant="light" size={44} aria-hidden>
              <Icon size={24} aria-hidden />
            </ThemeIcon>
            <Text className={classes.statValue}>{value}</Text>
            <Text fw={600}>{t(`pages.figures.${key}.label`)}</Text>
            <Text size="sm" className={classes.muted}>
              {detail}
            </Text>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
