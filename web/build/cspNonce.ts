import type { Plugin } from "vite";

/**
 * The page's CSP nonce for the <style> elements rc-util injects without one. antd passes its
 * `csp` to its own CSS-in-JS, but two callers of rc-util's `injectCSS` pass none: the scroll lock
 * of an open modal or drawer (`html body { overflow-y: hidden }`, @rc-component/portal) and the
 * scrollbar measure of tables (@rc-component/util getScrollBarSize). Under the gateway's policy
 * Chromium refused both (a violation, and a page that scrolls behind a modal). Patched at build
 * time so that a `<style>` it makes takes the nonce of `<meta property="csp-nonce">` unless given
 * one; markup injected through innerHTML still gets none. The build fails if the code changes
 * shape. (`npm run dev` pre-bundles dependencies without this, and sends no CSP.)
 */
export function rcUtilStyleNonce(): Plugin {
  const file = /@rc-component[\\/]util[\\/]es[\\/]Dom[\\/]dynamicCSS\.js$/;
  const anchor = "const styleNode = document.createElement('style');";
  return {
    name: "adnur-rc-util-style-nonce",
    transform(code, id) {
      if (!file.test(id)) return null;
      if (!code.includes(anchor)) {
        this.error(`${id}: injectCSS no longer creates its <style> as expected; revisit the patch`);
      }
      return code.replace(
        anchor,
        `${anchor}
  styleNode.nonce = document.querySelector('meta[property="csp-nonce"]')?.nonce || "";`,
      );
    },
  };
}
