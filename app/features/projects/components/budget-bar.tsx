/**
 * Spend against budget: a bar filled by the share of the budget spent (approved and paid invoices),
 * red once over budget, with both amounts in words for screen readers and small screens.
 */
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { formatCents } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';

export function BudgetBar({ budgetCents, spendCents, size = 'md' }: { budgetCents: number; spendCents: number; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const over = spendCents > budgetCents;
  const share = budgetCents > 0 ? Math.min(100, Math.round((spendCents / budgetCents) * 100)) : spendCents > 0 ? 100 : 0;
  const label = t('projects.budget.label', {
    spend: formatCents(spendCents, lang),
    budget: formatCents(budgetCents, lang),
  });
  return (
    <Stack
      gap={4}
      miw={size === 'sm' ? 160 : 220}
      data-testid="budget-bar"
      data-spend={spendCents}
      data-budget={budgetCents}
      data-over={over ? 'true' : 'false'}
    >
      <Progress value={share} color={over ? 'red.9' : 'teal.9'} size={size === 'sm' ? 'sm' : 'lg'} aria-label={label} />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
          {t('projects.budget.spent', {
            amount: formatCents(spendCents, lang),
          })}
        </Text>
        <Text size="xs" c={over ? 'red.9' : 'dimmed'} fw={over ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
          {over
            ? t('projects.budget.over', {
                amount: formatCents(spendCents - budgetCents, lang),
              })
            : t('projects.budget.of', {
                amount: formatCents(budgetCents, lang),
              })}
        </Text>
      </Group>
    </Stack>
  );
}
