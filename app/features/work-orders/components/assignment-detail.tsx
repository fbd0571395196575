/**
 * One work order for staff (`/admin/assignments/:id`, `/dashboard/assignments/:id`;
 * decision 029): state, vendor and contact, the job and place, the history, its invoices with
 * approve / reject / pay, and — while it is open — reassign to another vendor (only vendors that
 * may get new work are offered; the server checks again and explains a refusal) or cancel, each
 * with a reason. Follows changes live.
 */
import { Alert, Anchor, Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowsExchange, IconBan } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AssignmentDetail as Detail, AssignmentsBase, CommandResult, StaffIntent, VendorChoice } from '../work-orders.types';
import { WorkOrderStatusBadge } from './badges';
import { IntentForm, ReasonField } from './command-form';
import { InvoiceCard } from './invoice-card';
import { InvoiceReview } from './invoice-review';
import { useActionResult } from '~/components/forms/use-action-result';
import { WORK_ORDERS_TOAST } from './work-orders-toast';
import { useLiveWorkOrders } from './use-live-work-orders';
import { WorkOrderFacts } from './work-order-facts';
import { WorkOrderHistory } from './work-order-history';

type Props = {
  basePath: AssignmentsBase;
  detail: Detail;
  vendors: VendorChoice[];
  result: CommandResult<StaffIntent> | undefined;
  done: StaffIntent | null;
};

/** A staff command's card: its heading, the refusal of its last post, then the form. */
function StaffCommand({ id, title, error, children }: { id: string; title: string; error?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${id}-title`} data-testid={`${id}-form`}>
      <Title order={3} size="h5" id={`${id}-title`} mb="sm">
        {title}
      </Title>
      {error && (
        <Alert color="red" role="alert" mb="sm">
          {error}
        </Alert>
      )}
      {children}
    </Paper>
  );
}

function Reassign({ vendors, result }: { vendors: VendorChoice[]; result: Props['result'] }) {
  const { t } = useTranslation();
  const reassign = useActionResult(result, { intent: 'reassign', toast: WORK_ORDERS_TOAST });
  const eligible = vendors.filter((vendor) => vendor.eligible);
  return (
    <StaffCommand id="reassign" title={t('workOrders.staff.reassignTitle')} error={reassign.errors.form}>
      <IntentForm intent="reassign" formRef={reassign.formRef} key={reassign.formKey} noValidate>
        <Stack gap="xs">
          <NativeSelect
            name="vendorId"
            label={t('workOrders.staff.newVendor')}
            description={t('workOrders.staff.newVendorHint')}
            required
            defaultValue={reassign.values.vendorId ?? ''}
            data={[
              { value: '', label: t('workOrders.staff.chooseVendor') },
              ...eligible.map((vendor) => ({ value: String(vendor.id), label: vendor.companyName })),
            ]}
            error={reassign.errors.vendorId}
          />
          <ReasonField label={t('workOrders.staff.reason')} value={reassign.values.reason} error={reassign.errors.reason} />
          <Group>
            <Button
              type="submit"
              loading={reassign.busy}
              leftSection={<IconArrowsExchange size={16} aria-hidden />}
              data-testid="reassign-submit"
            >
              {t('workOrders.staff.reassign')}
            </Button>
          </Group>
        </Stack>
      </IntentForm>
    </StaffCommand>
  );
}

function Cancel({ result }: { result: Props['result'] }) {
  const { t } = useTranslation();
  const cancel = useActionResult(result, { intent: 'cancel', toast: WORK_ORDERS_TOAST });
  return (
    <StaffCommand id="cancel" title={t('workOrders.staff.cancelTitle')} error={cancel.errors.form}>
      <IntentForm intent="cancel" formRef={cancel.formRef} key={cancel.formKey} noValidate>
        <Stack gap="xs">
          <ReasonField label={t('workOrders.staff.reason')} value={cancel.values.reason} error={cancel.errors.reason} />
          <Group>
            <Button
              type="submit"
              color="red.9"
              loading={cancel.busy}
              leftSection={<IconBan size={16} aria-hidden />}
              data-testid="cancel-submit"
            >
              {t('workOrders.staff.cancel')}
            </Button>
          </Group>
        </Stack>
      </IntentForm>
    </StaffCommand>
  );
}

export function AssignmentDetail({ basePath, detail, vendors, result, done }: Props) {
  const { t } = useTranslation();
  useLiveWorkOrders();
  const requestBase = basePath === '/admin/assignments' ? '/admin/maintenance' : '/dashboard/maintenance';
  return (
    <Stack gap="lg" data-testid="assignment-detail" data-status={detail.status}>
      <Group gap="xs" wrap="wrap">
        <WorkOrderStatusBadge status={detail.status} size="lg" />
        {detail.overdue && (
          <Badge color="red.9" variant="filled" size="lg" autoContrast>
            {t('workOrders.staff.overdue')}
          </Badge>
        )}
      </Group>
      {done && (
        <Alert color="teal" data-testid="assignment-done">
          {t(`workOrders.done.${done}`)}
        </Alert>
      )}
      <Paper withBorder p="md" component="section" aria-labelledby="vendor-title">
        <Title order={2} size="h4" id="vendor-title" mb="xs">
          {t('workOrders.staff.vendor')}
        </Title>
        <Text size="sm" fw={600} data-testid="assignment-vendor">
          {detail.vendor.companyName}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {[detail.vendor.contactName, detail.vendor.email, detail.vendor.phone].filter(Boolean).join(' · ')}
        </Text>
        {detail.requestId && (
          <Anchor component={Link} to={`${requestBase}/${detail.requestId}`} size="sm" mt="xs" display="inline-block">
            {t('workOrders.staff.openRequest', { id: detail.requestId })}
          </Anchor>
        )}
      </Paper>
      {detail.open && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Reassign vendors={vendors} result={result} />
          <Cancel result={result} />
        </SimpleGrid>
      )}
      {detail.invoices.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="assignment-invoices-title">
          <Title order={2} size="h4" id="assignment-invoices-title">
            {t('workOrders.invoice.listTitle')}
          </Title>
          {detail.invoices.map((invoice) => (
            <InvoiceCard
              key={invoice.id}
              invoice={invoice}
              pdfHref={`${basePath}/invoices/${invoice.id}/pdf`}
              workOrderHref={null}
              showVendor
            >
              <InvoiceReview invoice={invoice} result={result} />
            </InvoiceCard>
          ))}
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <WorkOrderFacts detail={detail} />
        <WorkOrderHistory history={detail.history} />
      </SimpleGrid>
    </Stack>
  );
}
