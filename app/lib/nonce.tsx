/**
 * The CSP nonce of the current response (decision 007): provided by
 * entry.server.tsx during server rendering; empty in the browser, where scripts are already
 * trusted and browsers hide the attribute anyway.
 */
import { createContext, useContext } from 'react';

const NonceContext = createContext('');
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
