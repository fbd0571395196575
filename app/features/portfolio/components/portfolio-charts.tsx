/**
 * The admin overview's portfolio charts (decision 015) with @mantine/charts: occupancy
 * by state (stacked bars of leased, available and maintenance units), vacancies (a donut of
 * available, maintenance and unlisted units) and applications per week (a line over 12 weeks).
 * Every chart has its figures as a table in a disclosure for screen readers and for reading the
 * exact numbers. The route imports `@mantine/charts/styles.css`.
 */
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Anchor, Grid, Paper, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { formatIsoDate, formatNumber } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { PortfolioCharts as Charts } from '../portfolio-overview.server';

function ChartCard({
  id,
  title,
  hint,
  children,
  table,
}: {
  id: string;
  title: string;
  hint: string;
  children: ReactNode;
  table: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" h="100%" component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Title order={3} size="h5" id={`${id}-title`}>
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {hint}
      </Text>
      {/* The figures are in the table below; the drawing is hidden from assistive technology and
          kept out of the tab order (Recharts makes charts focusable by default). */}
      <div aria-hidden>{children}</div>
      <details>
        <summary>
          <Text span size="xs">
            {t('portfolio.charts.tableCaption')}
          </Text>
        </summary>
        {table}
      </details>
    </Paper>
  );
}

function FiguresTable({ head, rows }: { head: string[]; rows: (string | number)[][] }) {
  return (
    <Table.ScrollContainer minWidth={260} mah={220}>
      <Table verticalSpacing={2} fz="xs">
        <Table.Thead>
          <Table.Tr>
            {head.map((cell) => (
              <Table.Th key={cell} scope="col">
                {cell}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={String(row[0])}>
              {row.map((cell, i) => (
                <Table.Td key={i}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function PortfolioCharts({ charts }: { charts: Charts }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const n = (value: number) => formatNumber(value, lang);
  const series = [
    { name: 'leased', label: t('portfolio.charts.leased'), color: 'teal.7' },
    { name: 'available', label: t('portfolio.charts.available'), color: 'blue.5' },
    { name: 'maintenance', label: t('portfolio.charts.maintenance'), color: 'yellow.5' },
  ];
  const vacancies = [
    { name: t('portfolio.charts.available'), value: charts.totals.available, color: 'blue.5' },
    { name: t('portfolio.charts.maintenance'), value: charts.totals.maintenance, color: 'yellow.5' },
    { name: t('portfolio.charts.unlisted'), value: charts.totals.unlisted, color: 'gray.5' },
  ];
  const weeks = charts.applicationsPerWeek.map((row) => ({ week: formatIsoDate(row.week, lang), applications: row.applications }));
  return (
    <section aria-labelledby="portfolio-charts-title" data-testid="portfolio-charts">
      <Title order={2} size="h4" id="portfolio-charts-title" mt="xl" mb="sm">
        {t('portfolio.charts.title')}
      </Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <ChartCard
            id="chart-occupancy"
            title={t('portfolio.charts.occupancyByState')}
            hint={t('portfolio.charts.occupancyByStateHint')}
            table={
              <FiguresTable
                head={[t('portfolio.list.filters.state'), ...series.map((s) => s.label)]}
                rows={charts.byState.map((row) => [row.state, n(row.leased), n(row.available), n(row.maintenance)])}
              />
            }
          >
            <BarChart
              h={260}
              data={charts.byState}
              dataKey="state"
              type="stacked"
              series={series}
              withLegend
              tickLine="y"
              valueFormatter={n}
              barChartProps={{ accessibilityLayer: false }}
            />
          </ChartCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <ChartCard
            id="chart-vacancies"
            title={t('portfolio.charts.vacancies')}
            hint={t('portfolio.charts.vacanciesHint')}
            table={<FiguresTable head={['', '#']} rows={vacancies.map((row) => [row.name, n(row.value)])} />}
          >
            <DonutChart
              h={220}
              data={vacancies}
              withLabelsLine={false}
              withTooltip
              valueFormatter={n}
              chartLabel={n(charts.totals.available)}
              mx="auto"
              pieChartProps={{ accessibilityLayer: false }}
              pieProps={{ rootTabIndex: -1 }}
            />
          </ChartCard>
        </Grid.Col>
        <Grid.Col span={12}>
          <ChartCard
            id="chart-applications"
            title={t('portfolio.charts.applicationsPerWeek')}
            hint={t('portfolio.charts.applicationsPerWeekHint')}
            table={
              <FiguresTable head={['', t('portfolio.charts.applications')]} rows={weeks.map((row) => [row.week, n(row.applications)])} />
            }
          >
            <LineChart
              h={220}
              data={weeks}
              dataKey="week"
              series={[{ name: 'applications', label: t('portfolio.charts.applications'), color: 'violet.6' }]}
              curveType="monotone"
              tickLine="y"
              valueFormatter={n}
              lineChartProps={{ accessibilityLayer: false }}
            />
          </ChartCard>
        </Grid.Col>
      </Grid>
      <Anchor component={Link} to="/admin/properties" size="sm" fw={600} mt="sm" display="inline-block">
        {t('portfolio.charts.manage')}
      </Anchor>
    </section>
  );
}
