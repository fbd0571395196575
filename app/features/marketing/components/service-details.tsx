/** The /services sections: one per service of spec §1, each an anchor target (`#vendor-network`). */
import { Container, Grid, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { MARKETING_SERVICES } from '../services';
import classes from '../marketing.module.css';
import { ROUND_ICON } from '~/lib/theme';

export function ServiceDetails() {
  const { t } = useTranslation();
  return (
    <>
      {MARKETING_SERVICES.map(({ key, anchor, icon: Icon }, index) => {
        const points = t(`pages.services.${key}.points`, { returnObjects: true }) as unknown;
        const headingId = `${anchor}-title`;
        return (
          <section
            key={key}
            id={anchor}
            aria-labelledby={headingId}
            className={`${index % 2 ? classes.sectionAlt : classes.section} ${classes.anchorTarget}`}
            data-testid="service-section"
          >
            <Container size="xl">
              <Grid gap="xl" align="flex-start">
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <Stack gap="md">
                    <Group gap="md" wrap="nowrap">
                      <ThemeIcon variant="light" size={56} aria-hidden>
                        <Icon size={30} aria-hidden />
                      </ThemeIcon>
                      <Title order={2} id={headingId}>
                        {t(`pages.services.${key}.title`)}
                      </Title>
                    </Group>
                    <Text size="lg">{t(`pages.services.${key}.intro`)}</Text>
                  </Stack>
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <Title order={3} size="h5" mb="sm">
                    {t('pages.servicesPage.includes')}
                  </Title>
                  <List
                    spacing="sm"
                    icon={
                      <ThemeIcon component="span" style={ROUND_ICON} size={24} aria-hidden>
                        <IconCheck size={15} aria-hidden />
                      </ThemeIcon>
                    }
                  >
                    {(Array.isArray(points) ? (points as string[]) : []).map((point) => (
                      <List.Item key={point}>{point}</List.Item>
                    ))}
                  </List>
                </Grid.Col>
              </Grid>
            </Container>
          </section>
        );
      })}
    </>
  );
}
