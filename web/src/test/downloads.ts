/**
 * Downloads in the test DOM, whose object URLs lead nowhere a test can read: call in a `describe`
 * and it keeps the Blob that an 导出 link would point at (its text), restoring `URL` after each test.
 *
 *   const download = captureDownloads();
 *   …click 导出 CSV…
 *   const text = await download.text();
 */
import { afterEach, beforeEach } from "vitest";

export function captureDownloads(): { text: () => Promise<string | undefined> } {
  let last: Promise<string> | undefined;
  const saved = Object.getOwnPropertyDescriptors(URL);
  beforeEach(() => {
    last = undefined;
    Object.defineProperties(URL, {
      createObjectURL: {
        configurable: true,
        writable: true,
        value: (blob: Blob) => {
          last = blob.text();
          return "blob:download";
        },
      },
      revokeObjectURL: { configurable: true, writable: true, value: () => undefined },
    });
  });
  afterEach(() => {
    for (const key of ["createObjectURL", "revokeObjectURL"] as const) {
      if (key in saved) Object.defineProperty(URL, key, saved[key]);
      else Reflect.deleteProperty(URL, key);
    }
  });
  return { text: async () => last };
}
