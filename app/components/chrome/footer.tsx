/** Site footer: company links, legal pages, listing alerts and vendor sign-up. */
import { Anchor, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from './logo';
import classes from './chrome.module.css';

const COLUMNS = [
  {
    key: 'explore',
    links: [
      { to: '/properties', label: 'common.nav.properties' },
      { to: '/apartments', label: 'common.nav.apartments' },
      { to: '/gallery', label: 'common.nav.gallery' },
      { to: '/amenities', label: 'common.nav.amenities' },
    ],
  },
  {
    key: 'company',
    links: [
      { to: '/about', label: 'common.nav.about' },
      { to: '/services', label: 'common.nav.services' },
      { to: '/contact', label: 'common.nav.contact' },
      { to: '/vendor-signup', label: 'common.footer.vendorSignup' },
    ],
  },
  {
    key: 'legal',
    links: [
      { to: '/privacy', label: 'common.footer.privacy' },
      { to: '/terms', label: 'common.footer.terms' },
      { to: '/subscriptions', label: 'common.footer.subscriptions' },
    ],
  },
] as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer}>
      <Container size="xl" py="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Group gap="xs">
              <Logo size={28} />
              <Text fw={700} ff="heading" fz="lg">
                {t('common.brand')}
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              {t('common.tagline')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('common.footer.address')}
            </Text>
          </Stack>
          {COLUMNS.map((column) => (
            <Stack key={column.key} gap={6}>
              <Text fw={700} size="sm">
                {t(`common.footer.${column.key}`)}
              </Text>
              {column.links.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dimmed">
                  {t(link.label)}
                </Anchor>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="xl">
          © {new Date().getUTCFullYear()} {t('common.brand')}. {t('common.footer.rights')}
        </Text>
      </Container>
    </footer>
  );
}
