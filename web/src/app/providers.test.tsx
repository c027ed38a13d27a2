import { render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Providers } from "@/app/providers";
import { bindEffects } from "@/lib/core";

vi.mock("@/lib/core", () => import("@/test/fakeCore").then((m) => m.fakeCore()));

describe("Providers", () => {
  it("hands the core an effect handler with antd's message API and the router's navigate", () => {
    const navigate = vi.fn();
    render(
      <Providers navigate={navigate}>
        <p>app</p>
      </Providers>,
    );
    expect(bindEffects).toHaveBeenCalled();
    const [boundNavigate, toaster] = vi.mocked(bindEffects).mock.lastCall ?? [];
    expect(boundNavigate).toBe(navigate);
    expect(typeof toaster?.error).toBe("function");
    expect(typeof toaster?.success).toBe("function");
    expect(typeof toaster?.info).toBe("function");
  });
});
