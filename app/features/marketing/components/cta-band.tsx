/**
 * A closing call-to-action band. Without `actions` it shows the site-wide trio: apply for a
 * home (/apartments), listing alerts (/subscriptions), become a vendor (/vendor-signup).
 */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import classes from '../marketing.module.css';

export type CtaAction = { to: string; label: string };

type CtaBandProps = {
  title?: string;
  body?: string;
  /** The first action is the primary one. */
  actions?: CtaAction[];
};

export function CtaBand({ title, body, actions }: CtaBandProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const items = actions ?? [
    { to: '/apartments', label: t('pages.cta.apply') },
    { to: '/subscriptions', label: t('pages.cta.alerts') },
    { to: '/vendor-signup', label: t('pages.cta.vendor') },
  ];
  return (
    <section className={classes.ctaBand} aria-labelledby={headingId} data-testid="cta-band">
      <Stack gap="md">
        <Title order={2} id={headingId} c="white">
          {title ?? t('pages.cta.title')}
        </Title>
        <Text size="lg" maw={720} c="white">
          {body ?? t('pages.cta.body')}
        </Text>
        <Group gap="sm" mt="xs">
          {items.map((action, index) =>
            index === 0 ? (
              <Button
                key={action.to}
                component={Link}
                to={action.to}
                size="md"
                variant="white"
                color="dark"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                {action.label}
              </Button>
            ) : (
              <Button key={action.to} component={Link} to={action.to} size="md" variant="outline" className={classes.ctaOutline}>
                {action.label}
              </Button>
            ),
          )}
        </Group>
      </Stack>
    </section>
  );
}
