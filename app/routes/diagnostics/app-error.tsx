/** /__diagnostics/app-error: fails outside the chrome (top-level "Application Error" screen b). */
import { failOnPurpose } from '~/server/diagnostics.server';

export function loader(): never {
  failOnPurpose('a top-level loader');
}

export default function AppError() {
  return null;
}
