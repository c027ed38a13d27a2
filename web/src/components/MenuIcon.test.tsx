import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { rules } from "@/lib/core";
import { MenuIcon } from "@/components/MenuIcon";

describe("MenuIcon", () => {
  it("draws every icon the core's menu rules allow", () => {
    const names = rules("menu").fields.find((f) => f.field === "icon")?.options ?? [];
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const { container, unmount } = render(<MenuIcon name={name} />);
      expect(container.querySelector("svg"), name).not.toBeNull();
      unmount();
    }
  });

  it("draws nothing for a name it does not know", () => {
    const { container } = render(<MenuIcon name="EvilOutlined" />);
    expect(container.innerHTML).toBe("");
  });
});
