/**
 * Going back to a kept tab, in two steps, so its page is on screen in the frame after the click.
 *
 * A kept tab's page is alive and hidden under React's `<Activity>`; showing it again makes React
 * run every effect of the page again (antd's measurements, observers, the page's reads) before
 * the browser may paint, about 250 ms with the CPU slowed 4×. So the switch is split:
 *
 * 1. at once, in the click's task: the tab's slot (`[data-workspace-tab]`, its heading and its
 *    page) is shown and the current one hidden, and the window goes to the tab's scroll. The
 *    browser paints the page as it was left;
 * 2. after that paint: `finish` (the navigation to the tab's address), where React shows the
 *    tab under `<Activity>`, reconnects its effects, and draws the shell for the new address.
 *
 * Input in between (a key, a pointer, text, the wheel) first finishes step 2, so nothing typed or
 * clicked lands on a page React still counts as hidden. Each time the workspace draws, it sets each slot's
 * display from React's own view (`settleSlots`): a switch overtaken by another navigation is
 * dropped, and the shown tab is the one React shows.
 */
import { useCallback, useLayoutEffect, useRef } from "react";
import { flushSync } from "react-dom";
import { useLocation, useNavigate } from "react-router";
import { useTabsStore } from "@/stores/tabs";

/** The attribute naming the tab a workspace slot draws (its heading and its page). */
export const SLOT_ATTRIBUTE = "data-workspace-tab";

const slots = () => document.querySelectorAll<HTMLElement>(`[${SLOT_ATTRIBUTE}]`);

const slotOf = (key: string): HTMLElement | undefined =>
  [...slots()].find((slot) => slot.getAttribute(SLOT_ATTRIBUTE) === key);

// React's own way of hiding a node under `<Activity>`, so either may undo the other's.
const hide = (slot: HTMLElement) => slot.style.setProperty("display", "none", "important");
const unhide = (slot: HTMLElement) => slot.style.removeProperty("display");

/** The window's scroll per tab, so a tab comes back where it was left. */
const scrolls = new Map<string, number>();
let scrolledTab: string | undefined;

/** Notes the window's scroll as the shown tab's (a passive scroll listener calls it). */
export function noteScroll(): void {
  if (scrolledTab !== undefined) scrolls.set(scrolledTab, window.scrollY);
}

/** Tab `key` is shown: the window goes to where it was left. */
export function restoreScroll(key: string | undefined): void {
  scrolledTab = key;
  if (key !== undefined) window.scrollTo(0, scrolls.get(key) ?? 0);
}

/** The switch under way: its navigation, where it started, and the two slots it swapped. */
let pending:
  | { finish: () => void; at: string; href: string; shown: HTMLElement; showing: HTMLElement }
  | undefined;

/**
 * Finishes a switch under way (step 2) now. If the browser has gone to another address since
 * (Back, before the paint), the switch is dropped and the slots shown as React still shows them.
 */
function finishNow(): void {
  const switching = pending;
  pending = undefined;
  if (switching === undefined) return;
  if (window.location.href === switching.href) {
    flushSync(switching.finish);
  } else {
    hide(switching.showing);
    unhide(switching.shown);
  }
}

// Input before step 2 finishes it first: the input then reaches the page React shows.
if (typeof window !== "undefined") {
  for (const type of ["pointerdown", "keydown", "beforeinput", "wheel"] as const) {
    window.addEventListener(type, finishNow, { capture: true, passive: true });
  }
}

/** Runs `then` after the next paint (at once when the page is not visible: nothing paints). */
function afterPaint(then: () => void): void {
  if (document.visibilityState !== "visible") {
    then();
    return;
  }
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = then;
    channel.port2.postMessage(undefined);
  });
}

export interface KeptTabSwitch {
  /** The shown tab's key. */
  from: string | undefined;
  /** The kept tab to show. */
  to: string;
  /** The address shown now (pathname and search). */
  at: string;
  /** Goes to the tab's address. */
  finish: () => void;
}

/**
 * Shows kept tab `to` in place of `from` at once, then runs `finish` after the browser has
 * painted. Returns false, doing nothing, when either is not drawn in a slot (`to` not kept, or
 * no tab shown: a 403 in place of the tabs): the caller navigates as usual.
 */
export function showKeptTab({ from, to, at, finish }: KeptTabSwitch): boolean {
  const next = slotOf(to);
  const current = from === undefined || from === to ? undefined : slotOf(from);
  if (next === undefined || current === undefined) return false;
  finishNow();
  hide(current);
  unhide(next);
  restoreScroll(to);
  pending = { finish, at, href: window.location.href, shown: current, showing: next };
  afterPaint(finishNow);
  return true;
}

/**
 * The workspace has drawn address `at`, showing tab `shown`: each slot is shown or hidden as
 * React sees it. A switch under way keeps the slots as it set them until it finishes; one
 * overtaken by another navigation is dropped.
 */
export function settleSlots(shown: string | undefined, at: string): void {
  if (pending !== undefined) {
    if (pending.at === at) return;
    pending = undefined;
  }
  for (const slot of slots()) {
    if (slot.getAttribute(SLOT_ATTRIBUTE) === shown) unhide(slot);
    else hide(slot);
  }
}

/**
 * Going to `path` (a tab's, a menu link's): when a kept tab is at exactly that address and is
 * not the shown one, it is shown at once (`showKeptTab`) and true returned; otherwise false, and
 * the caller navigates as usual. The function stays the same across renders (menus built with it
 * are not built again on each navigation).
 */
export function useOpenKeptTab(active: string | undefined): (path: string) => boolean {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const latest = useRef({ active, at: `${pathname}${search}`, navigate });
  useLayoutEffect(() => {
    latest.current = { active, at: `${pathname}${search}`, navigate };
  });
  return useCallback((path: string) => {
    const tab = useTabsStore.getState().tabs.find((t) => t.path === path);
    if (tab === undefined) return false;
    const { active, at, navigate } = latest.current;
    return showKeptTab({ from: active, to: tab.key, at, finish: () => void navigate(path) });
  }, []);
}
