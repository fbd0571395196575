/** The header band of an inner marketing page: eyebrow, the page's one h1, and a lead. */
import { Container, Stack, Text, Title } from '@mantine/core';
import classes from '../marketing.module.css';

type PageHeaderProps = {
  eyebrow: string;
  title: string;
  lead?: string;
  children?: React.ReactNode;
};

export function PageHeader({ eyebrow, title, lead, children }: PageHeaderProps) {
  return (
    <header className={classes.pageHeader}>
      <Container size="xl" pt={{ base: 64, md: 48 }} pb={{ base: 'xl', md: 48 }}>
        <Stack gap="sm">
          <Text className={classes.eyebrow}>{eyebrow}</Text>
          <Title order={1} className={classes.heroTitle}>
            {title}
          </Title>
          {lead && <Text className={classes.lead}>{lead}</Text>}
          {children}
        </Stack>
      </Container>
    </header>
  );
}
