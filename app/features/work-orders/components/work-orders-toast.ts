/** The success toast of the work-order pages, staff and vendor (decision 037): its title and test id. */
import type { ActionToast } from '~/components/forms/use-action-result';

export const WORK_ORDERS_TOAST: ActionToast = { title: 'workOrders.done.title', testId: 'work-orders-toast' };
