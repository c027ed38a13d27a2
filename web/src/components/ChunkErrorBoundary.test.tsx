import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderUi } from "@/test/render";
import { ChunkErrorBoundary } from "@/components/ChunkErrorBoundary";
import { chunkLoadError } from "@/lib/core";

/** What the core makes of a chunk whose import failed in the browser. */
function chunkError(): Error {
  return chunkLoadError(
    "baseMgmt/shopMgmt",
    new TypeError("Failed to fetch dynamically imported module: /assets/shopMgmt-1a2b.js"),
  );
}

let broken = true;
function Page() {
  if (broken) throw chunkError();
  return <p>店铺列表</p>;
}

describe("ChunkErrorBoundary", () => {
  it("shows the recovery view with the core's message, never a blank page", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    broken = true;
    renderUi(
      <ChunkErrorBoundary>
        <Page />
      </ChunkErrorBoundary>,
    );
    expect(screen.getByText("页面加载失败")).toBeInTheDocument();
    expect(screen.getByText("Loading chunk baseMgmt/shopMgmt failed")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "重试" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "刷新页面" })).toBeInTheDocument();
  });

  it("retries: forgets the import and renders the page again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    broken = true;
    const onRetry = vi.fn(() => {
      broken = false;
    });
    renderUi(
      <ChunkErrorBoundary onRetry={onRetry}>
        <Page />
      </ChunkErrorBoundary>,
    );
    await userEvent.click(screen.getByRole("button", { name: "重试" }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.getByText("店铺列表")).toBeInTheDocument();
  });

  it("reloads the document on 刷新页面", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    broken = true;
    const onReload = vi.fn();
    renderUi(
      <ChunkErrorBoundary onReload={onReload}>
        <Page />
      </ChunkErrorBoundary>,
    );
    await userEvent.click(screen.getByRole("button", { name: "刷新页面" }));
    expect(onReload).toHaveBeenCalledOnce();
  });

  it("names a render failure differently from a load failure", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    function Crash(): never {
      throw new TypeError("x is undefined");
    }
    renderUi(
      <ChunkErrorBoundary>
        <Crash />
      </ChunkErrorBoundary>,
    );
    expect(screen.getByText("页面出错了")).toBeInTheDocument();
  });
});
