/** Stub: being built (applications issue, staff review). */
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/applications';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  return null;
}

export default function Stub() {
  return null;
}
