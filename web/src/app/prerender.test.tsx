// @vitest-environment node
/** The login page as the build draws it (`web/build/prerender.ts` writes it to dist/login/). */
import { describe, expect, it } from "vitest";
import { renderLogin } from "@/app/prerender";
import { constants } from "@/lib/core";

describe("the login page drawn at build time", () => {
  it("holds the whole form, with nothing the page's CSP would refuse", async () => {
    const { html } = await renderLogin();
    expect(html).toContain(`<h1 id="login-title">${constants().appName}</h1>`);
    expect(html).toMatch(/<label for="login_username">用户名<\/label>/);
    expect(html).toMatch(/<input[^>]* name="username"/);
    expect(html).toMatch(/<input[^>]* type="password"[^>]* name="password"/);
    // Disabled until the page's scripts run it: the browser would send the form as a GET.
    expect(html).toMatch(/<button[^>]* type="submit"[^>]* disabled=""[^>]*>.*登录/);
    // Style attributes are refused by the policy (inline styles only by nonce); scripts too.
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).not.toContain("<script");
  });

  it("names the theme it is drawn in: a new browser's, light", async () => {
    expect((await renderLogin()).theme).toBe("light");
  });

  it("comes with the styles it is drawn with, each state of each component", async () => {
    const { css } = await renderLogin();
    for (const rule of [
      ".adnur-login{",
      ".adnur-login-card{",
      ".ant-btn{",
      ".ant-input{",
      "status-error",
    ]) {
      expect(css).toContain(rule);
    }
  });
});
