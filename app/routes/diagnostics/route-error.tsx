/** /__diagnostics/route-error: a page whose loader fails (error screen a, inside the chrome). */
import { failOnPurpose } from '~/server/diagnostics.server';

export function loader(): never {
  failOnPurpose('a page loader');
}

export default function RouteError() {
  return null;
}
