/**
 * Browser tabs in sync (product.md, "The workspace"): what one tab of the app did that its other
 * tabs follow, over one BroadcastChannel of the app's origin. Signing out in one signs out every
 * one; a write's declared stale reads (kit/write.ts) are read again in every one. What to follow
 * is decided where it happened (the write's declaration, the sign-out); a tab only does it.
 *
 * A sign-out is told once it is done: the gateway has ended the session and the core has cleared
 * the token every tab shares. Another tab then loads its page afresh, and the shell's `preflight`
 * (no session → the login page) takes it there, back to the page after signing in. A message that
 * arrives late, after someone signed in again, only reloads a page that is signed in.
 *
 * One channel object sends and listens: a BroadcastChannel never delivers to itself, so a tab
 * does not follow its own messages.
 */
import { logout } from "@/lib/core";

export type TabMessage =
  | { kind: "signed-out" }
  /** Query keys' first part (an operation's `api`); `menus`: the user's own menu tree too. */
  | { kind: "stale"; apis: string[]; menus: boolean };

const CHANNEL = "adnur-admin";
let channel: BroadcastChannel | undefined;

function open(): BroadcastChannel | undefined {
  if (typeof BroadcastChannel === "undefined") return undefined;
  channel ??= new BroadcastChannel(CHANNEL);
  return channel;
}

/** Tells the app's other browser tabs. */
export function tellOtherTabs(message: TabMessage): void {
  open()?.postMessage(message);
}

/** A message as another tab (of this origin, maybe another version of the app) sent it. */
function parse(data: unknown): TabMessage | undefined {
  if (typeof data !== "object" || data === null || !("kind" in data)) return undefined;
  if (data.kind === "signed-out") return { kind: "signed-out" };
  if (data.kind !== "stale" || !("apis" in data) || !Array.isArray(data.apis)) return undefined;
  const apis = data.apis.filter((api): api is string => typeof api === "string");
  return { kind: "stale", apis, menus: "menus" in data && data.menus === true };
}

/** Calls `follow` with what another tab of the app did; returns the unsubscribe. */
export function listenToOtherTabs(follow: (message: TabMessage) => void): () => void {
  const tabs = open();
  if (!tabs) return () => undefined;
  const listener = (event: MessageEvent) => {
    const message = parse(event.data);
    if (message) follow(message);
  };
  tabs.addEventListener("message", listener);
  return () => tabs.removeEventListener("message", listener);
}

/** 退出登录: this tab signs out through the core, then tells the others. */
export async function signOutEverywhere(): Promise<void> {
  await logout();
  tellOtherTabs({ kind: "signed-out" });
}

/** Follows another tab: after its sign-out this page loads afresh; stale reads are read again. */
export function follow(message: TabMessage, refresh: (apis: string[], menus: boolean) => void) {
  if (message.kind === "signed-out") window.location.reload();
  else refresh(message.apis, message.menus);
}
