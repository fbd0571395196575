/** Stub: being built (accounts issue, paste guard). */
export async function action() {
  return null;
}
