import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { constants } from "@/lib/core";
import { isOverdue, OVERDUE_TEXT, waitingText, WaitingTime } from "@/kit/WaitingTime";
import { renderUi } from "@/test/render";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe("waiting time", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says a wait the way people do", () => {
    expect(waitingText(-5)).toBe("不到1分钟");
    expect(waitingText(59_999)).toBe("不到1分钟");
    expect(waitingText(25 * MINUTE)).toBe("25分钟");
    expect(waitingText(3 * HOUR)).toBe("3小时");
    expect(waitingText(3 * HOUR + 5 * MINUTE)).toBe("3小时5分钟");
    expect(waitingText(50 * HOUR)).toBe("2天2小时");
    expect(waitingText(48 * HOUR + 30 * MINUTE)).toBe("2天");
  });

  it("is overdue past the core's review limit, not at it", () => {
    const limit = constants().reviewOverdueMs;
    expect(limit).toBe(24 * HOUR);
    expect(OVERDUE_TEXT).toBe("超过24小时");
    expect(isOverdue(0, limit)).toBe(false);
    expect(isOverdue(0, limit + 1)).toBe(true);
  });

  it("marks an overdue wait in words and moves on while shown", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    vi.setSystemTime(new Date(2026, 0, 2, 12, 0, 0));
    const since = Date.now() - 24 * HOUR + 90_000;
    renderUi(<WaitingTime since={since} />);
    expect(screen.getByText("23小时58分钟")).toBeInTheDocument();
    expect(screen.queryByText("超过24小时")).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2 * MINUTE));
    expect(screen.getByText("1天")).toBeInTheDocument();
    expect(screen.getByText("超过24小时")).toBeInTheDocument();
  });
});
