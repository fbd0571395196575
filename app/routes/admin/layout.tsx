/** Stub: being built (accounts issue). */
export default function Stub() {
  return null;
}
