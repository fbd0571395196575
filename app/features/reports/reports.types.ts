/**
 * What the financial reports page gets from its loader (decision 058), shared by server and
 * browser. Client-safe.
 */
import type { DelinquencyAging, IncomeStatement, RentRoll, TrialBalanceReport } from './financial-reports.server';
import type { LedgerDetail } from './ledger-detail.server';
import type { CashFlowStatement } from './cash-flow.server';
import type { MaintenanceKpis } from './maintenance-kpis.server';
import type { OccupancyReport } from './occupancy-report.server';
import type { DepositLiability, VendorPayments } from './liability-reports.server';
import type { ReportQuery } from './reports.schemas';

export type ReportsPageData = {
  basePath: '/admin/reports' | '/dashboard/reports';
  query: ReportQuery;
  /** The chosen building, when the viewer may see it. */
  building: { id: number; name: string } | null;
  /** Messages per field (translated) when the query was refused (400). */
  errors: Record<string, string>;
  income: IncomeStatement | null;
  trialBalance: TrialBalanceReport | null;
  rentRoll: RentRoll | null;
  aging: DelinquencyAging | null;
  deposits: DepositLiability | null;
  vendorPayments: VendorPayments | null;
  ledger: LedgerDetail | null;
  maintenance: MaintenanceKpis | null;
  occupancy: OccupancyReport | null;
  cashFlow: CashFlowStatement | null;
};
