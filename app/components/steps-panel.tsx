/**
 * A side panel that explains a process in a few numbered steps ("How it works"), each an icon,
 * a title and a line of text. `prefix` is the translation key holding `title` and `<key>.title`,
 * `<key>.body` for each step.
 */
import { List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from '~/lib/i18n';
import { ROUND_ICON } from '~/lib/theme';

type Props = { prefix: string; steps: ReadonlyArray<{ icon: Icon; key: string }> };

export function StepsPanel({ prefix, steps }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="md">
        {t(`${prefix}.title`)}
      </Title>
      <List spacing="md" listStyleType="none" styles={{ itemWrapper: { alignItems: 'flex-start' } }}>
        {steps.map(({ icon: StepIcon, key }) => (
          <List.Item
            key={key}
            icon={
              <ThemeIcon component="span" style={ROUND_ICON} variant="light" size="lg" aria-hidden>
                <StepIcon size={18} />
              </ThemeIcon>
            }
          >
            {/* Inside the list item's label (a <span>): spans shown as blocks. */}
            <Text component="span" display="block" fw={600}>
              {t(`${prefix}.${key}.title`)}
            </Text>
            <Text component="span" display="block" size="sm" c="dimmed">
              {t(`${prefix}.${key}.body`)}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
