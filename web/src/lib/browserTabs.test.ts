import { describe, expect, it, onTestFinished, vi } from "vitest";
import { listenToOtherTabs, tellOtherTabs, type TabMessage } from "@/lib/browserTabs";

/** Another browser tab of the app: its own channel of the same name. */
function otherTab() {
  const channel = new BroadcastChannel("adnur-admin");
  onTestFinished(() => channel.close());
  return channel;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe("browser tabs in sync", () => {
  it("what this tab tells reaches the others, not itself", async () => {
    const other = otherTab();
    const heard: unknown[] = [];
    other.onmessage = (event: MessageEvent) => heard.push(event.data);
    const self = vi.fn();
    onTestFinished(listenToOtherTabs(self));
    tellOtherTabs({ kind: "signed-out" });
    await vi.waitFor(() => expect(heard).toEqual([{ kind: "signed-out" }]));
    await settle();
    expect(self).not.toHaveBeenCalled();
  });

  it("follows what another tab says, and ignores what is not one of its messages", async () => {
    const other = otherTab();
    const heard: TabMessage[] = [];
    onTestFinished(listenToOtherTabs((message) => heard.push(message)));
    other.postMessage("signed-out");
    other.postMessage({ kind: "stale" });
    other.postMessage({ kind: "reload" });
    other.postMessage({ kind: "stale", apis: ["mtop.admin.shop.list", 7], menus: "yes" });
    other.postMessage({ kind: "signed-out", extra: 1 });
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(heard).toEqual([
      { kind: "stale", apis: ["mtop.admin.shop.list"], menus: false },
      { kind: "signed-out" },
    ]);
  });

  it("stops following once unsubscribed", async () => {
    const other = otherTab();
    const follow = vi.fn();
    listenToOtherTabs(follow)();
    other.postMessage({ kind: "signed-out" });
    await settle();
    expect(follow).not.toHaveBeenCalled();
  });
});
