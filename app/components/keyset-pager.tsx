/**
 * Pagination of a keyset-paginated list (tenants, payments): a link back to the first page
 * (hidden on it) and a link to the next one (hidden on the last). Every page has its own URL,
 * so it works without JavaScript; lists at 50,000 rows use it instead of numbered pages, whose
 * total and deep offsets cost more than the page itself.
 */
import { Button, Group, type ButtonProps } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';

type Props = {
  /** The navigation's accessible name. */
  label: string;
  /** The first page's URL, or null when this is the first page. */
  firstHref: string | null;
  firstLabel: string;
  /** The next page's URL, or null on the last page. */
  nextHref: string | null;
  nextLabel: string;
  /** Test ids: `${testId}` on the navigation, `${testId}-first` and `${testId}-next` on the links. */
  testId: string;
};

export function KeysetPager({ label, firstHref, firstLabel, nextHref, nextLabel, testId }: Props) {
  if (!firstHref && !nextHref) return null;
  return (
    <Group component="nav" aria-label={label} justify="space-between" gap="sm" data-testid={testId}>
      {firstHref ? (
        <PageLink to={firstHref} leftSection={<IconArrowLeft size={16} aria-hidden />} testId={`${testId}-first`}>
          {firstLabel}
        </PageLink>
      ) : (
        <span />
      )}
      {nextHref && (
        <PageLink to={nextHref} rightSection={<IconArrowRight size={16} aria-hidden />} testId={`${testId}-next`}>
          {nextLabel}
        </PageLink>
      )}
    </Group>
  );
}

type PageLinkProps = Pick<ButtonProps, 'leftSection' | 'rightSection' | 'children'> & { to: string; testId: string };

/** One of the pager's links: a plain button-styled link that keeps the scroll position. */
function PageLink({ to, testId, ...content }: PageLinkProps) {
  return <Button component={Link} to={to} preventScrollReset variant="default" data-testid={testId} {...content} />;
}
