/**
 * The /dashboard page's own data and intents (spec §2, §4; decision 037): the viewer's summary
 * (profile, workspace, security status and events, their applications), the property manager's
 * portfolio overview, the page's translations and meta, and which application intents the
 * viewer may post. The manager's application review and inbox are other features' page adapters:
 * the route loads and composes them (decision 040).
 */
import { isPropertyManager } from '~/lib/access';
import { STAFF_INTENTS, type ApplicationIntent } from '~/features/applications/applications.types';
import { loadManagerPortfolio } from '~/features/portfolio/portfolio-overview.server';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { requestLanguage } from '~/lib/route-helpers.server';
import type { Viewer } from '~/server/auth/session.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { loadDashboard } from './dashboard.server';

/** Property managers review here; everyone may withdraw their own application. */
const MANAGER_INTENTS: readonly ApplicationIntent[] = [...(Object.keys(STAFF_INTENTS) as ApplicationIntent[]), 'withdraw'];
const APPLICANT_INTENTS: readonly ApplicationIntent[] = ['withdraw'];

/**
 * The dashboard's data for `viewer`: the summary (`loadDashboard`), whether two-factor sign-in
 * is on, the manager's portfolio (null for anyone else), whether the page follows a plain-post
 * withdrawal (`?done=withdraw`), and the translations and meta in the request's language.
 */
export async function loadDashboardPage({ request, context, viewer }: { request: Request; context: DimoraLoadContext; viewer: Viewer }) {
  const lang = requestLanguage(request);
  const manager = isPropertyManager(viewer.role);
  const [summary, portfolio] = await Promise.all([
    loadDashboard({ db: context.db, viewer, client: context.clientIp, lang }),
    manager ? loadManagerPortfolio({ db: context.db, actor: viewer }) : Promise.resolve(null),
  ]);
  return {
    ...summary,
    twoFactorEnabled: viewer.twoFactorEnabled,
    portfolio,
    withdrawn: new URL(request.url).searchParams.get('done') === 'withdraw',
    i18n: translations(lang, manager ? ['account', 'applications', 'inbox', 'leads', 'portfolio'] : ['account', 'applications']),
    meta: pageMeta(lang, 'account.dashboard.meta.title', 'account.dashboard.meta.description'),
  };
}

/** The application intents `viewer` may post to /dashboard: a manager's review commands and withdraw, else withdraw. */
export function dashboardIntents(viewer: Pick<Viewer, 'role'>): readonly ApplicationIntent[] {
  return isPropertyManager(viewer.role) ? MANAGER_INTENTS : APPLICANT_INTENTS;
}
