import { render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { afterInput, useHoldsInput } from "@/kit/heldInput";

function Dialog() {
  useHoldsInput();
  return <p>typing</p>;
}

describe("another tab's reads wait for what is being typed", () => {
  it("runs at once when no dialog holds input", () => {
    const refresh = vi.fn();
    afterInput(refresh);
    expect(refresh).toHaveBeenCalledOnce();
  });

  it("waits while one is open, and runs once the last has closed", () => {
    const refresh = vi.fn();
    const first = render(<Dialog />);
    const second = render(<Dialog />);
    afterInput(refresh);
    expect(refresh).not.toHaveBeenCalled();
    first.unmount();
    expect(refresh).not.toHaveBeenCalled();
    second.unmount();
    expect(refresh).toHaveBeenCalledOnce();
  });
});
