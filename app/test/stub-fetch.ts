/**
 * For component tests of widgets that call the server with `fetch`: registers hooks that put a
 * fresh `vi.fn` in place of the global `fetch` before each test and restore it after. Answers
 * the mock, which a test programs (`mockResolvedValueOnce`) and reads (`mock.calls`).
 *
 * Not a test file: imported by `*.test.tsx` beside the components.
 */
import { afterEach, beforeEach, vi, type Mock } from 'vitest';

export function stubFetchEachTest(): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return fetchMock;
}
