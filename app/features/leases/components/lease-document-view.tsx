/**
 * The lease as a page (decision 022: "The applicant reads the lease as a page and as a PDF"):
 * the `LeaseDocument` the server built with `buildLeaseDocument`, the same text the PDF prints.
 * One labelled `<section>`: the title as a level-2 heading, each part as a level-3 heading with
 * its paragraphs, and the signature note. Long words and e-mail addresses wrap on narrow screens.
 */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { LeaseDocument } from '../lease-document.types';

type Props = {
  document: LeaseDocument;
  /** The document's language when it differs from the page's (e.g. staff reading an Italian lease). */
  lang?: string;
};

export function LeaseDocumentView({ document, lang }: Props) {
  const baseId = useId();
  const titleId = `${baseId}-title`;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      lang={lang}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      maw={780}
      style={{ overflowWrap: 'anywhere' }}
    >
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} id={titleId}>
            {document.title}
          </Title>
          <Text c="dimmed" size="sm">
            {document.subtitle}
          </Text>
        </Stack>
        {document.sections.map((section, index) => {
          const headingId = `${baseId}-section-${index}`;
          return (
            <Stack key={headingId} gap="xs" component="section" aria-labelledby={headingId}>
              <Title order={3} size="h4" id={headingId}>
                {section.heading}
              </Title>
              {section.paragraphs.map((paragraph, paragraphIndex) => (
                <Text key={paragraphIndex} lh={1.6}>
                  {paragraph}
                </Text>
              ))}
            </Stack>
          );
        })}
        <Text fs="italic" size="sm" c="dimmed">
          {document.signatureNote}
        </Text>
      </Stack>
    </Paper>
  );
}
