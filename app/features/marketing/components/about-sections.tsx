/** The building blocks of /about: values, leadership and the regional offices. */
import { Avatar, Card, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { LEADERSHIP, OFFICES, VALUES } from '../about-content';
import classes from '../marketing.module.css';

export function ValuesGrid() {
  const { t } = useTranslation();
  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" className={classes.plainList}>
      {VALUES.map(({ key, icon: Icon }) => (
        <Paper component="li" key={key} withBorder radius="lg" p="lg" className={classes.card}>
          <Stack gap="sm">
            <ThemeIcon variant="light" size={44} aria-hidden>
              <Icon size={24} aria-hidden />
            </ThemeIcon>
            <Title order={3} size="h4">
              {t(`pages.about.values.${key}.title`)}
            </Title>
            <Text>{t(`pages.about.values.${key}.text`)}</Text>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function LeadershipGrid() {
  const { t } = useTranslation();
  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" className={classes.plainList} data-testid="leadership">
      {LEADERSHIP.map((leader) => (
        <Card component="li" key={leader.key} withBorder radius="lg" padding="lg" className={classes.card}>
          <Stack gap="xs" align="flex-start">
            <Avatar name={leader.name} color={leader.color} variant="filled" size={64} radius="xl" aria-hidden />
            <Title order={3} size="h4">
              {leader.name}
            </Title>
            <Text fw={600} size="sm" className={classes.accent}>
              {t(`pages.about.team.${leader.key}.role`)}
            </Text>
            <Text size="sm">{t(`pages.about.team.${leader.key}.bio`)}</Text>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function OfficeList() {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 2, sm: 3, md: 4, lg: 6 }}
      spacing="sm"
      className={classes.plainList}
      aria-label={t('pages.about.officesListLabel')}
      data-testid="offices"
    >
      {OFFICES.map((office) => (
        <li key={office.state} className={classes.officeItem}>
          <IconMapPin size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" fw={500}>
            {office.city}, {office.state}
          </Text>
        </li>
      ))}
    </SimpleGrid>
  );
}
