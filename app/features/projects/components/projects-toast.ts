/** The success toast of the projects pages, staff and vendor (decision 037): its title and test id. */
import type { ActionToast } from '~/components/forms/use-action-result';

export const PROJECTS_TOAST: ActionToast = { title: 'projects.done.title', testId: 'projects-toast' };
