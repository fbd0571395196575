/**
 * A band of a marketing page (home, about, services): a `<section>` labelled by its h2
 * (`SectionHeading`, `aria-labelledby`), in an `xl` container, on the plain or the alternate
 * background; `belowFold` lets the browser skip rendering it until it scrolls into view.
 */
import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from '../marketing.module.css';
import { SectionHeading } from './section-heading';

type MarketingSectionProps = {
  /** The heading's id, which labels the section. */
  id: string;
  title: string;
  subtitle?: string;
  tone?: 'plain' | 'alt';
  belowFold?: boolean;
  children: ReactNode;
};

export function MarketingSection({ id, title, subtitle, tone = 'plain', belowFold = false, children }: MarketingSectionProps) {
  const background = tone === 'alt' ? classes.sectionAlt : classes.section;
  return (
    <section className={belowFold ? `${background} ${classes.belowFold}` : background} aria-labelledby={id}>
      <Container size="xl">
        <SectionHeading id={id} title={title} subtitle={subtitle} />
        {children}
      </Container>
    </section>
  );
}
