/**
 * Every feature's background-job handlers and schedules, joined for the job runner (decision
 * 014). The runner (app/server/outbox) knows no domain; a feature that enqueues a topic adds its
 * handlers here.
 */
import { GL_COMPACT_SCHEDULE, generalLedgerJobHandlers } from '../app/features/accounting/general-ledger-jobs.server';
import { applicationJobHandlers } from '../app/features/applications/application-jobs.server';
import { bookingJobHandlers } from '../app/features/booking/booking-jobs.server';
import { AUTOPAY_DAILY_SCHEDULE, RENT_DAILY_SCHEDULE, rentJobHandlers } from '../app/features/ledger/rent-jobs.server';
import { leaseMailJobHandlers } from '../app/features/ledger/lease-mail.server';
import { maintenanceQueueJobHandlers, SLA_CHECK_SCHEDULE } from '../app/features/maintenance/sla-jobs.server';
import { OWNER_SETTLE_SCHEDULE, ownerJobHandlers } from '../app/features/owners/owner-jobs.server';
import { leadJobHandlers } from '../app/features/inquiries/lead-jobs.server';
import { maintenanceTenantJobHandlers } from '../app/features/maintenance/tenant-requests-jobs.server';
import { ALERT_DIGEST_SCHEDULE, listingAlertJobHandlers } from '../app/features/listing-alerts/alert-jobs.server';
import { UNIT_IMPORT_PRUNE_SCHEDULE, portfolioJobHandlers } from '../app/features/portfolio/portfolio-jobs.server';
import { projectJobHandlers } from '../app/features/projects/project-mail.server';
import type { JobHandlers, JobSchedule } from '../app/server/outbox/outbox.server';
import { accountJobHandlers } from '../app/features/accounts/account-jobs.server';
import { AUDIT_RETENTION_SCHEDULE, auditRetentionJobHandlers } from '../app/server/audit-retention.server';
import { env } from '../app/server/env.server';
import { VENDOR_INSURANCE_SCHEDULE, vendorJobHandlers } from '../app/features/vendors/vendor-jobs.server';
import { workOrderJobHandlers } from '../app/features/work-orders/work-order-mail.server';

export const jobHandlers: JobHandlers = {
  ...bookingJobHandlers,
  ...applicationJobHandlers,
  ...listingAlertJobHandlers,
  ...leadJobHandlers,
  ...portfolioJobHandlers,
  ...rentJobHandlers,
  ...leaseMailJobHandlers,
  ...projectJobHandlers,
  ...accountJobHandlers,
  ...maintenanceTenantJobHandlers,
  ...maintenanceQueueJobHandlers,
  ...auditRetentionJobHandlers(env.AUDIT_RETENTION_DAYS),
  ...vendorJobHandlers,
  ...workOrderJobHandlers,
  ...generalLedgerJobHandlers,
  ...ownerJobHandlers,
};

export const jobSchedules: readonly JobSchedule[] = [
  ALERT_DIGEST_SCHEDULE,
  UNIT_IMPORT_PRUNE_SCHEDULE,
  RENT_DAILY_SCHEDULE,
  AUTOPAY_DAILY_SCHEDULE,
  AUDIT_RETENTION_SCHEDULE,
  SLA_CHECK_SCHEDULE,
  VENDOR_INSURANCE_SCHEDULE,
  GL_COMPACT_SCHEDULE,
  OWNER_SETTLE_SCHEDULE,
];
