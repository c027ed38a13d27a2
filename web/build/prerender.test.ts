// @vitest-environment node
/**
 * What `prerenderLogin` ships of the login page's styles (`firstPaintCss`), on a sample shaped as
 * cssinjs extracts it; the built page's own stylesheet is checked in the browser
 * (tests/e2e/first-screen.spec.ts).
 */
import { describe, expect, it } from "vitest";
import { firstPaintCss } from "./prerender";

const HTML =
  '<main class="adnur-login css-var-r0"><button class="css-1y1 ant-btn">登录</button></main>';
const CSS = [
  ".css-var-r0{--ant-color-primary:#0052cc;--ant-color-error:#d4380d;--ant-btn-gap:8px;}",
  ".adnur-login{display:flex;}",
  ":where(.css-1y1).ant-btn{color:var(--ant-color-primary);gap:var(--ant-btn-gap);}",
  ":where(.css-1y1).ant-btn:hover{opacity:.9;}",
  ":where(.css-1y1).ant-input-status-error{border-color:var(--ant-color-error);}",
  '.data-ant-cssinjs-cache-path{content:"css-1y1|Button-Button|ant-btn:abc";}',
].join("");

describe("the login page's stylesheet as shipped", () => {
  it("keeps the rules and custom properties that draw the markup, with their states", async () => {
    const shipped = await firstPaintCss(CSS, HTML);
    expect(shipped).toContain(".adnur-login{");
    expect(shipped).toContain(".ant-btn{");
    expect(shipped).toContain(".ant-btn:hover{");
    expect(shipped).toContain("--ant-color-primary:#0052cc");
    expect(shipped).toContain("--ant-btn-gap:8px");
  });

  it("drops what the markup does not show, and cssinjs' map, so the browser injects it all", async () => {
    const shipped = await firstPaintCss(CSS, HTML);
    expect(shipped).not.toContain("status-error");
    expect(shipped).not.toContain("--ant-color-error");
    expect(shipped).not.toContain("cache-path");
  });
});
