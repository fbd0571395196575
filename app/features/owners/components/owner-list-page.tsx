/**
 * /admin/owners (decision 061): the owners by name with their buildings' count and whether they
 * have signed in yet, a search by name or e-mail, and the form that creates an owner (a plain
 * `<Form>`: works without JavaScript; a success opens the new owner's page).
 */
import { Anchor, Badge, Button, Grid, Paper, Stack, Table, TextInput, Title } from '@mantine/core';
import { IconBuildingEstate, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { Form, Link } from 'react-router';
import { FilterForm } from '~/components/lists/filter-form';
import { ListTable, NoWrapCell } from '~/components/lists/list-table';
import { SignedInPageHeader } from '~/components/page-header';
import { useActionResult } from '~/components/forms/use-action-result';
import type { ActionResult } from '~/lib/action-result';
import { formatNumber } from '~/lib/format';
import { useTranslation } from '~/lib/i18n';
import { useLanguage } from '~/lib/use-language';
import type { OwnerListRow } from '../owners.server';
import { OwnerFields } from './owner-fields';

type Props = { owners: OwnerListRow[]; q: string; result: ActionResult<string, object> | undefined };

export function OwnerListPage({ owners, q, result }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const outcome = useActionResult(result, { intent: 'create', toast: false });
  return (
    <>
      <SignedInPageHeader title={t('owners.list.title')} subtitle={t('owners.list.subtitle')} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <FilterForm list="owners.list" action="/admin/owners" formKey={q} showClear={q !== ''}>
              <TextInput
                name="q"
                type="search"
                defaultValue={q}
                label={t('owners.list.search')}
                leftSection={<IconSearch size={16} aria-hidden />}
                maxLength={100}
                data-testid="owners-search"
              />
            </FilterForm>
            <ListTable
              texts="owners.list"
              columns={['name', 'email', { key: 'buildings', align: 'right' }, 'account']}
              icon={IconBuildingEstate}
              filtered={q !== ''}
              isEmpty={owners.length === 0}
              testIdPrefix="owners"
              minWidth={560}
            >
              {owners.map((row) => (
                <Table.Tr key={row.id} data-testid="owner-row">
                  <Table.Th scope="row" fw={600}>
                    <Anchor component={Link} to={`/admin/owners/${row.id}`}>
                      {row.name}
                    </Anchor>
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
                  <NoWrapCell ta="right">{formatNumber(row.buildings, lang)}</NoWrapCell>
                  <Table.Td>
                    <Badge variant="light" color={row.hasAccount ? 'teal' : 'gray'}>
                      {t(row.hasAccount ? 'owners.list.hasAccount' : 'owners.list.noAccount')}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="lg" component="section" aria-labelledby="owner-create-title">
            <Title order={2} size="h4" id="owner-create-title" mb="sm">
              {t('owners.create.title')}
            </Title>
            <Form method="post" ref={outcome.formRef} key={outcome.formKey} data-testid="owner-create-form" noValidate>
              <input type="hidden" name="intent" value="create" />
              <Stack gap="sm">
                <OwnerFields errors={outcome.errors} values={outcome.values} />
                <Button
                  type="submit"
                  leftSection={<IconUserPlus size={16} aria-hidden />}
                  loading={outcome.busy}
                  data-testid="owner-create-submit"
                >
                  {t('owners.create.submit')}
                </Button>
              </Stack>
            </Form>
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
