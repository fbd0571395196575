/**
 * A legal page (/privacy, /terms): header with "Last updated", a table of contents of the
 * sections (plain in-page links, so it works without JavaScript; highlighted by scroll spy once
 * hydrated) and the text, all from `pages.<doc>` in the locale files.
 */
import { Anchor, Container, Grid, Paper, Stack, TableOfContents, Text, Typography } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { PageHeader } from './page-header';
import classes from '../marketing.module.css';

type LegalItem = string | { term: string; text: string };
type LegalSection = { title: string; paragraphs?: string[]; items?: LegalItem[]; after?: string[] };

const HEADING_SELECTOR = '[data-legal-heading]';

export function LegalDocument({ doc }: { doc: 'privacy' | 'terms' }) {
  const { t } = useTranslation();
  const raw = t(`pages.${doc}.sections`, { returnObjects: true }) as unknown;
  const sections = isSectionMap(raw) ? Object.entries(raw) : [];
  const contentsId = `${doc}-contents`;
  return (
    <>
      <PageHeader eyebrow={t(`pages.${doc}.eyebrow`)} title={t(`pages.${doc}.title`)} lead={t(`pages.${doc}.intro`)}>
        <Text size="sm" className={classes.muted} component="p" m={0} data-testid="last-updated">
          <IconCalendar size={14} aria-hidden style={{ verticalAlign: '-2px', marginInlineEnd: 6 }} />
          {t('pages.legal.lastUpdated')}
        </Text>
      </PageHeader>
      <Container size="xl" py="xl">
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
            <nav aria-labelledby={contentsId} className={classes.toc}>
              <Text id={contentsId} fw={700} mb="xs">
                {t('pages.legal.contents')}
              </Text>
              <TableOfContents
                variant="none"
                size="sm"
                minDepthToOffset={2}
                initialData={sections.map(([id, section]) => ({ id, value: section.title, depth: 2 }))}
                scrollSpyOptions={{ selector: HEADING_SELECTOR, offset: 96 }}
                getControlProps={({ data, active }) => {
                  const props = {
                    component: 'a',
                    href: `#${data.id}`,
                    children: data.value,
                    className: classes.tocControl,
                    'aria-current': active ? ('location' as const) : undefined,
                  };
                  return props;
                }}
              />
            </nav>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
            <Typography className={classes.legalBody} maw={760}>
              {sections.map(([id, section]) => (
                <section key={id} aria-labelledby={id}>
                  <h2 id={id} data-legal-heading>
                    {section.title}
                  </h2>
                  {section.paragraphs?.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                  {section.items && section.items.length > 0 && (
                    <ul>
                      {section.items.map((item) =>
                        typeof item === 'string' ? (
                          <li key={item}>{item}</li>
                        ) : (
                          <li key={item.term}>
                            <strong>{item.term}</strong>: {item.text}
                          </li>
                        ),
                      )}
                    </ul>
                  )}
                  {section.after?.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </section>
              ))}
            </Typography>
            <Paper withBorder radius="md" p="md" mt="xl" maw={760}>
              <Stack gap={4}>
                <Text fw={600}>{t('pages.legal.questions')}</Text>
                <Anchor component={Link} to="/contact">
                  {t('pages.legal.contactLink')}
                </Anchor>
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}

function isSectionMap(value: unknown): value is Record<string, LegalSection> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
