/**
 * "List | Map" on /properties (decision 016): two plain links to the same search in
 * each view (`?view=map`), so the toggle keeps the filters, works without JavaScript and can be
 * shared; the current view is marked with `aria-current`.
 */
import { Button } from '@mantine/core';
import { IconList, IconMap } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { listingHref, type ListingQuery, type ListingView } from '../listing-query';

type Props = { query: ListingQuery; view: ListingView; action: string };

export function ListingViewToggle({ query, view, action }: Props) {
  const { t } = useTranslation();
  const item = (target: ListingView, label: string, icon: React.ReactNode) => (
    <Button
      component={Link}
      to={listingHref(action, query, target)}
      variant={view === target ? 'filled' : 'default'}
      aria-current={view === target ? 'page' : undefined}
      leftSection={icon}
      size="sm"
      data-testid={`view-${target}`}
    >
      {label}
    </Button>
  );
  return (
    <nav aria-label={t('map.view.label')}>
      <Button.Group>
        {item('list', t('map.view.list'), <IconList size={16} aria-hidden />)}
        {item('map', t('map.view.map'), <IconMap size={16} aria-hidden />)}
      </Button.Group>
    </nav>
  );
}
