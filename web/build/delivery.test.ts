// @vitest-environment node
/**
 * The build's precompression cache (`build/delivery.ts`): a content's `.gz` and `.br` are made
 * once and handed back only for the same bytes, whole, and decompress to those bytes.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { compressedForms } from "./delivery";

let dir = "";
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("precompress's cache", () => {
  it("makes each content's forms once, and hands them back for the same bytes only", async () => {
    dir = await mkdtemp(join(tmpdir(), "precompress-"));
    const chunk = Buffer.from("export const 店铺 = 'shop';\n".repeat(200));
    const edited = Buffer.from("export const 店铺 = 'shops';\n".repeat(200));

    const first = await compressedForms(dir, chunk);
    expect(first.kept).toBe(false);
    expect(gunzipSync(first.gz).equals(chunk)).toBe(true);
    expect(brotliDecompressSync(first.br).equals(chunk)).toBe(true);

    const again = await compressedForms(dir, chunk);
    expect(again.kept).toBe(true);
    expect(again.gz.equals(first.gz) && again.br.equals(first.br)).toBe(true);

    const other = await compressedForms(dir, edited);
    expect(other.kept).toBe(false);
    expect(gunzipSync(other.gz).equals(edited)).toBe(true);
    // Two entries of two forms each, no temporary file left behind.
    expect((await readdir(dir)).filter((n) => !n.startsWith("."))).toHaveLength(4);
    expect((await readdir(dir)).filter((n) => n.startsWith("."))).toEqual([]);
  });

  it("makes an entry again when half of it is missing", async () => {
    dir = await mkdtemp(join(tmpdir(), "precompress-"));
    const chunk = Buffer.from("console.log('类目');\n".repeat(100));
    await compressedForms(dir, chunk);
    const br = (await readdir(dir)).find((n) => n.endsWith(".br")) ?? "";
    await rm(join(dir, br));
    const remade = await compressedForms(dir, chunk);
    expect(remade.kept).toBe(false);
    expect(brotliDecompressSync(remade.br).equals(chunk)).toBe(true);
  });
});
