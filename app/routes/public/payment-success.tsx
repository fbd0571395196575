/** Stub: being built (applications issue). */
export default function Stub() {
  return null;
}
