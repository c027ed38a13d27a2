import { act, render, screen } from "@testing-library/react";
import { theme } from "antd";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AntdBase } from "@/components/AntdBase";

/** The system setting as the page sees it, switchable while the app is open. */
function systemMotion(reduce: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return reduce;
    },
    media: "(prefers-reduced-motion: reduce)",
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) => {
    expect(query).toBe("(prefers-reduced-motion: reduce)");
    return list as unknown as MediaQueryList;
  });
  return {
    switchTo(next: boolean) {
      reduce = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

/** What antd animates with, as its components read it. */
function Motion() {
  const { token } = theme.useToken();
  return <p>{token.motion ? "动画" : "静止"}</p>;
}

describe("reduced motion", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps antd's motion when the system does not ask for less", () => {
    systemMotion(false);
    render(
      <AntdBase>
        <Motion />
      </AntdBase>,
    );
    expect(screen.getByText("动画")).toBeInTheDocument();
  });

  it("stills antd's dialogs, menus and toasts when the system asks for less, in either theme", () => {
    systemMotion(true);
    const { rerender } = render(
      <AntdBase>
        <Motion />
      </AntdBase>,
    );
    expect(screen.getByText("静止")).toBeInTheDocument();
    rerender(
      <AntdBase dark>
        <Motion />
      </AntdBase>,
    );
    expect(screen.getByText("静止")).toBeInTheDocument();
  });

  it("follows the setting switched while the app is open", () => {
    const system = systemMotion(false);
    render(
      <AntdBase>
        <Motion />
      </AntdBase>,
    );
    system.switchTo(true);
    expect(screen.getByText("静止")).toBeInTheDocument();
    system.switchTo(false);
    expect(screen.getByText("动画")).toBeInTheDocument();
  });
});
