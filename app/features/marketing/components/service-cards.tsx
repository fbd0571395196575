/** The six services of spec §1 as cards: icon, name, short text, link to its /services section. */
import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { MARKETING_SERVICES } from '../services';
import classes from '../marketing.module.css';

export function ServiceCards() {
  const { t } = useTranslation();
  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" className={classes.plainList} data-testid="service-cards">
      {MARKETING_SERVICES.map(({ key, anchor, icon: Icon }) => {
        const title = t(`pages.services.${key}.title`);
        return (
          <Card component="li" key={key} withBorder radius="lg" padding="lg" className={classes.card}>
            <Stack gap="sm" h="100%">
              <ThemeIcon variant="light" size={48} aria-hidden>
                <Icon size={26} aria-hidden />
              </ThemeIcon>
              <Title order={3} size="h4">
                {title}
              </Title>
              <Text style={{ flex: 1 }}>{t(`pages.services.${key}.summary`)}</Text>
              {/* The service's name is part of the link's text (hidden from the eye), so the link
                  says where it leads on its own (Lighthouse SEO "link-text", WCAG 2.4.4). */}
              <Anchor component={Link} to={`/services#${anchor}`} fw={600}>
                <Group gap={4} component="span">
                  <span>
                    {t('pages.services.learnMore')}
                    <VisuallyHidden component="span"> {t('pages.services.learnMoreAbout', { service: title })}</VisuallyHidden>
                  </span>
                  <IconArrowRight size={16} aria-hidden />
                </Group>
              </Anchor>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
