/**
 * A panel of a signed-in home page (the account dashboard's security events, a tenant's own
 * applications, a manager's review of applications, a manager's portfolio): a `SectionCard`
 * whose `h4`-sized heading sits right on its dimmed description. `id` names it: the heading's id
 * is `<id>-title`, the card's `data-testid` is `testId` (default `id`), and with `anchor` the
 * card itself has the id `id` (a link target such as `#portfolio`).
 */
import type { ReactNode } from 'react';
import { SectionCard } from './section-card';

type Props = { id: string; title: string; description: ReactNode; testId?: string; anchor?: boolean; children: ReactNode };

/** A dashboard panel (see the module's docstring). */
export function PanelCard({ id, title, description, testId = id, anchor = false, children }: Props) {
  return (
    <SectionCard
      titleId={`${id}-title`}
      title={title}
      titleSize="h4"
      titleMb={null}
      description={description}
      id={anchor ? id : undefined}
      data-testid={testId}
    >
      {children}
    </SectionCard>
  );
}
