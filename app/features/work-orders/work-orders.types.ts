/**
 * What the vendor portal's work-order and invoice pages and the staff assignments pages share
 * between server and browser (decision 029): the shapes loaders answer and
 * actions return. Money in integer cents, times ISO (UTC). Client-safe.
 */
import type { ActionResult } from '~/lib/action-result';
import type { InvoiceLineKind, PayoutMethod } from './invoices.schemas';
import type { AssignmentFilters, VendorWorkOrderFilters } from './work-order-lists.schemas';
import type { InvoiceStatusValue, WorkOrderStatusValue } from './work-orders.schemas';
import type { EntryWindow, RequestReport } from './entry-windows';

/** A maintenance request's priority and category as the pages show them. */
export type RequestPriority = 'emergency' | 'urgent' | 'routine';

/** One row of the vendor's list. */
export type VendorWorkOrderItem = {
  id: number;
  status: WorkOrderStatusValue;
  /** The request's title, or the project's name. */
  title: string;
  kind: 'maintenance' | 'project';
  category: string | null;
  priority: RequestPriority | null;
  buildingName: string | null;
  /** The unit's full address (the work is theirs, so they see where it is). */
  address: string | null;
  city: string | null;
  state: string | null;
  unitNumber: string | null;
  scheduledFor: string | null;
  dueAt: string | null;
  createdAt: string;
};

export type VendorSummary = { id: number; companyName: string; status: 'pending' | 'approved' | 'rejected' | 'suspended' };

export type VendorWorkOrderList = { items: VendorWorkOrderItem[]; nextCursor: string | null };

/** A building the vendor has work in (the list's building filter). */
export type BuildingChoice = { id: number; name: string; city: string };

/** One entry of a work order's history. */
export type WorkOrderHistoryEntry = {
  id: number;
  kind: string;
  fromStatus: WorkOrderStatusValue | null;
  toStatus: WorkOrderStatusValue | null;
  note: string | null;
  photoUrls: string[];
  photoPhase: 'before' | 'after' | null;
  actorName: string | null;
  createdAt: string;
};

/** A tenant's time window for entry (`maintenance_request.entry_windows`). */
export type { EntryWindow };

/** An invoice as lists show it. */
export type InvoiceSummary = {
  id: number;
  number: string;
  status: InvoiceStatusValue;
  workOrderId: number;
  workOrderTitle: string;
  vendorId: number;
  vendorName: string;
  buildingName: string | null;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  hasPdf: boolean;
  rejectionReason: string | null;
  submittedAt: string;
  decidedAt: string | null;
  paidAt: string | null;
};

export type InvoiceLineView = {
  position: number;
  kind: InvoiceLineKind;
  description: string;
  quantityHundredths: number;
  unitCents: number;
  amountCents: number;
};

export type PayoutView = { method: PayoutMethod | 'card' | 'autopay'; reference: string | null; amountCents: number; paidAt: string };

/** An invoice with its lines and payout. */
export type InvoiceDetail = InvoiceSummary & { notes: string | null; lines: InvoiceLineView[]; payout: PayoutView | null };

/** The work order as its vendor sees it. */
export type VendorWorkOrderDetail = {
  id: number;
  status: WorkOrderStatusValue;
  kind: 'maintenance' | 'project';
  title: string;
  instructions: string | null;
  scheduledFor: string | null;
  dueAt: string | null;
  declineReason: string | null;
  cancelReason: string | null;
  completionNotes: string | null;
  acceptedAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
  createdAt: string;
  request: (RequestReport & { id: number; status: string; category: string; priority: RequestPriority }) | null;
  project: { id: number; name: string; description: string | null; kind: string } | null;
  place: {
    buildingName: string | null;
    address: string | null;
    unitNumber: string | null;
    city: string | null;
    state: string | null;
    zipCode: string | null;
  } | null;
  history: WorkOrderHistoryEntry[];
  invoices: InvoiceSummary[];
  /** Whether the vendor may invoice it now (in progress or completed). */
  invoiceable: boolean;
};

/** One row of the staff list. */
export type AssignmentItem = {
  id: number;
  status: WorkOrderStatusValue;
  title: string;
  kind: 'maintenance' | 'project';
  priority: RequestPriority | null;
  vendorId: number;
  vendorName: string;
  buildingId: number | null;
  buildingName: string | null;
  unitNumber: string | null;
  scheduledFor: string | null;
  dueAt: string | null;
  overdue: boolean;
  createdAt: string;
};

export type AssignmentList = { items: AssignmentItem[]; nextCursor: string | null };

/** A vendor as the staff filter and the reassign picker offer it. */
export type VendorChoice = { id: number; companyName: string; eligible: boolean };

/** One work order as staff see it. */
export type AssignmentDetail = Omit<VendorWorkOrderDetail, 'invoices' | 'invoiceable'> & {
  vendor: { id: number; companyName: string; contactName: string; email: string; phone: string | null };
  buildingId: number | null;
  requestId: number | null;
  overdue: boolean;
  open: boolean;
  invoices: InvoiceDetail[];
};

export type VendorListPage = {
  vendor: VendorSummary | null;
  filters: VendorWorkOrderFilters;
  list: VendorWorkOrderList;
  buildings: BuildingChoice[];
  firstPage: boolean;
  errors: Record<string, string>;
};

export type AssignmentsPage = {
  basePath: AssignmentsBase;
  filters: AssignmentFilters;
  list: AssignmentList;
  vendors: VendorChoice[];
  building: { id: number; name: string } | null;
  invoices: InvoiceSummary[];
  firstPage: boolean;
  errors: Record<string, string>;
};

/** Where the staff pages live: the admin area or a manager's dashboard. */
export type AssignmentsBase = '/admin/assignments' | '/dashboard/assignments';

/** The vendor's commands on one work order. */
export const VENDOR_INTENTS = ['accept', 'decline', 'schedule', 'start', 'note', 'complete'] as const;
export type VendorIntent = (typeof VENDOR_INTENTS)[number];

/** The staff commands (on a work order, or on one of its invoices). */
export const STAFF_INTENTS = ['cancel', 'reassign', 'approve-invoice', 'reject-invoice', 'pay-invoice'] as const;
export type StaffIntent = (typeof STAFF_INTENTS)[number];

/** What a command's action answers (a plain browser post gets a 303 back instead); `key` names the invoice of an invoice command. */
export type CommandResult<I extends string> = ActionResult<I>;

/** What the new-invoice action answers on a refusal (a success redirects to the invoices). */
export type InvoiceFormResult = { ok: false; errors: Record<string, string>; values: InvoiceFormValues };

/** The invoice form's values, echoed back after a refusal. */
export type InvoiceFormValues = {
  workOrderId: string;
  number: string;
  tax: string;
  notes: string;
  lines: { kind: string; description: string; quantity: string; unitPrice: string }[];
};

/** A work order the vendor may invoice (the form's picker). */
export type InvoiceableWorkOrder = { id: number; title: string; status: WorkOrderStatusValue };
