import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Providers } from "@/app/providers";
import { call } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { fail, fakeGateway } from "@/test/gateway";

function renderProviders() {
  const navigate = vi.fn();
  render(
    <Providers navigate={navigate}>
      <p>app</p>
    </Providers>,
  );
  return navigate;
}

describe("Providers", () => {
  it("shows the core's error toast for a failed call", async () => {
    renderProviders();
    fakeGateway().answer(ops.dict.list, fail("permission_denied", "无权限执行此操作"));
    const result = await call(ops.dict.list, {});
    expect(result.success).toBe(false);
    expect(await screen.findByText("无权限执行此操作")).toBeInTheDocument();
  });

  it("follows the core to the login page when the session has expired", async () => {
    window.history.replaceState(null, "", "/adnuradmin/system/dict?page=2");
    localStorage.setItem("mat", "expired-token");
    const navigate = renderProviders();
    fakeGateway().answer(ops.dict.list, fail("user_need_login_token_invalid", "登录已失效"));
    await call(ops.dict.list, {});
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith(
        `/login?redirect=${encodeURIComponent("/system/dict?page=2")}`,
      ),
    );
    // The core dropped the session with it.
    expect(localStorage.getItem("mat")).toBeNull();
    window.history.replaceState(null, "", "/");
  });
});
