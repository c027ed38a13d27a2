/**
 * Vitest setup. Tests in a page (happy-dom, the default) get `setupPage.ts`; tests that run in Node
 * (`@vitest-environment node`: the login page drawn at build time) have no page to set up.
 */
if (typeof window !== "undefined") await import("@/test/setupPage");
