import { theme } from "antd";
import { describe, expect, it } from "vitest";
import { antdTheme } from "@/components/antdTheme";

type Rgb = [number, number, number];

/** `#rgb`, `#rrggbb` or `rgba(r, g, b, a)`, the last laid over `under` as the browser paints it. */
function paint(colour: string, [ur, ug, ub]: Rgb = [255, 255, 255]): Rgb {
  if (colour.startsWith("#")) {
    const hex = colour.length === 4 ? colour.replace(/\w/g, "$&$&") : colour;
    const at = (i: number) => parseInt(hex.slice(i, i + 2), 16);
    return [at(1), at(3), at(5)];
  }
  const [r = 0, g = 0, b = 0, a = 1] = (/\(([^)]*)\)/.exec(colour)?.[1] ?? "")
    .split(",")
    .map(Number);
  const over = (c: number, u: number) => c * a + u * (1 - a);
  return [over(r, ur), over(g, ug), over(b, ub)];
}

/** Relative luminance (WCAG 2). */
function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of text `fg` on `bg`. */
function contrast(fg: string, bg: string): number {
  const back = paint(bg);
  const front = luminance(paint(fg, back));
  const behind = luminance(back);
  return (Math.max(front, behind) + 0.05) / (Math.min(front, behind) + 0.05);
}

describe.each([
  ["light", false],
  ["dark", true],
])("the %s theme", (_, dark) => {
  const config = antdTheme(dark);
  const t = theme.getDesignToken(config);
  const button = config.components?.Button;
  const surfaces = [t.colorBgContainer, t.colorBgLayout, t.colorBgElevated];

  it.each([
    "colorText",
    "colorTextSecondary",
    "colorTextTertiary",
    "colorTextDescription",
    "colorTextPlaceholder",
    "colorLink",
    "colorLinkHover",
    "colorPrimary",
    "colorError",
  ] as const)("%s reads at 4.5:1 on the page, a card and a dialog", (role) => {
    for (const surface of surfaces) expect(contrast(t[role], surface)).toBeGreaterThanOrEqual(4.5);
  });

  it("keeps the selected menu entry, the success and warning tags and the error box readable", () => {
    expect(contrast(t.colorPrimary, t.colorPrimaryBg)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t.colorSuccess, t.colorSuccessBg)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t.colorWarning, t.colorWarningBg)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t.colorError, t.colorErrorBg)).toBeGreaterThanOrEqual(4.5);
  });

  it("labels solid primary and danger buttons at 4.5:1, hovered and pressed too", () => {
    const primaryText = button?.primaryColor ?? t.colorTextLightSolid;
    const dangerText = button?.dangerColor ?? t.colorTextLightSolid;
    for (const fill of [t.colorPrimary, t.colorPrimaryHover, t.colorPrimaryActive]) {
      expect(contrast(primaryText, fill)).toBeGreaterThanOrEqual(4.5);
    }
    for (const fill of [t.colorError, t.colorErrorHover, t.colorErrorActive]) {
      expect(contrast(dangerText, fill)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe("contrast", () => {
  it("measures antd's default blue on white below AA, as the axe scan found", () => {
    expect(contrast("#1677ff", "#ffffff")).toBeCloseTo(4.1, 1);
    expect(contrast("rgba(0, 0, 0, 0.45)", "#ffffff")).toBeCloseTo(3.36, 1);
  });
});
