/**
 * The FAQ on /contact (spec §2 "Contact, with FAQ"). Native `<details>/<summary>`, so every
 * answer is in the server's HTML and opens without JavaScript (Mantine's Accordion hides panels
 * until scripts run).
 */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import classes from './contact.module.css';

const FAQ_ITEMS = [
  { id: 'apply', link: { to: '/properties', label: 'forms.contact.faq.apply.link' } },
  { id: 'screening' },
  { id: 'fees' },
  { id: 'maintenance' },
  { id: 'pets' },
  { id: 'vendors', link: { to: '/vendor-signup', label: 'forms.contact.faq.vendors.link' } },
] as const satisfies ReadonlyArray<{ id: string; link?: { to: string; label: string } }>;

export function ContactFaq() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="faq-title">
      <Title order={2} id="faq-title" mb="md">
        {t('forms.contact.faq.title')}
      </Title>
      <div data-testid="contact-faq">
        {FAQ_ITEMS.map((item) => (
          <details key={item.id} className={classes.faqItem}>
            <summary className={classes.faqSummary}>
              <span>{t(`forms.contact.faq.${item.id}.question`)}</span>
              <IconChevronDown size={18} className={classes.faqChevron} aria-hidden />
            </summary>
            <Stack gap="xs" className={classes.faqAnswer}>
              <Text>{t(`forms.contact.faq.${item.id}.answer`)}</Text>
              {'link' in item && (
                <Anchor component={Link} to={item.link.to}>
                  {t(item.link.label)}
                </Anchor>
              )}
            </Stack>
          </details>
        ))}
      </div>
    </section>
  );
}
