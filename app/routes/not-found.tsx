/**
 * Catch-all for unknown paths: the server answers HTTP 404 with the spec's not-found page
 * (DESIGN §5), rendered by the layout's error boundary.
 */
import { data } from 'react-router';

export function loader() {
  throw data(null, { status: 404 });
}

export function meta() {
  return [{ title: 'Page not found · Dimora' }];
}

export default function NotFound() {
  return null;
}
