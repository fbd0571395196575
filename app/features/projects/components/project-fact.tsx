/**
 * A project's facts as staff and vendors see them (decision 028): `ProjectFact`, a small
 * uppercase dimmed label over its value (props: `label`, the value as `children`);
 * `ProjectDatesFact`, the planned start and end (`…` when not set); `ProjectDescription`, the
 * description as written (line breaks kept), or nothing.
 */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';

/** A label over a value (see the module's docstring). */
export function ProjectFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** The "Dates" fact: start – end, each `…` when not set. */
export function ProjectDatesFact({ startDate, endDate }: { startDate: string | null; endDate: string | null }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <ProjectFact label={t('projects.overview.dates')}>
      {startDate ? formatIsoDate(startDate, lang) : '…'} – {endDate ? formatIsoDate(endDate, lang) : '…'}
    </ProjectFact>
  );
}

/** The project's description, line breaks kept, or nothing when it has none. */
export function ProjectDescription({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}
