/**
 * The staff's commands on an open work order (`/admin/assignments/:id`, `/dashboard/…`): cancel
 * it, or reassign it to another vendor, each with a reason. Client-safe.
 */
import { z } from 'zod';
import { idField, reasonField, WORK_ORDER_MESSAGES } from './work-orders.schemas';

/** Cancel an open work order (staff). */
export const cancelSchema = z.object({ reason: reasonField });

/** Reassign an open work order to another vendor (staff). */
export const reassignSchema = z.object({ vendorId: idField(WORK_ORDER_MESSAGES.vendor), reason: reasonField });
