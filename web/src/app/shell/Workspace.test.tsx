/**
 * The workspace's tabs over a real Navigator: a page left for another tab is kept as it was (what
 * was typed), hidden from sight and from the accessibility tree; at most the core's `keptTabs` are
 * kept; a tab whose page the user can no longer open closes; another user starts with no tabs; the
 * tab bar shows a kept tab in the frame after a click, before the address follows it.
 * The pages are stand-ins (a field named by the page's alias and the address it was drawn at).
 */
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect } from "react";
import { useLocation, useNavigate, MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Workspace } from "@/app/shell/Workspace";
import { TabBar } from "@/features/shell/TabBar";
import { Navigator, constants } from "@/lib/core";
import { useTabsStore } from "@/stores/tabs";
import { ADMIN, USER_TREE, node, signIn } from "@/test/menuTree";
import { renderUi } from "@/test/render";

/** How many times each stand-in page was drawn, by alias (not counting its address field). */
const draws = new Map<string, number>();

/** The field of a stand-in page that shows the address it is drawn at. */
function AddressField() {
  const { search } = useLocation();
  return <input data-search={search} />;
}

vi.mock("@/app/shell/PageView", () => ({
  PageView: ({ alias }: { alias: string }) => {
    draws.set(alias, (draws.get(alias) ?? 0) + 1);
    return (
      <label>
        {alias}
        <AddressField />
      </label>
    );
  },
}));

let go: (to: string) => void = () => undefined;

function Shell({ navigator }: { navigator: Navigator }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    go = (to) => void navigate(to);
  }, [navigate]);
  const resolution = navigator.resolve(pathname, search);
  const current = resolution.kind === "page" ? resolution : undefined;
  return (
    <>
      <TabBar active={current?.tab} />
      <output aria-label="地址">{`${pathname}${search}`}</output>
      <Workspace navigator={navigator} current={current}>
        <p>not a page</p>
      </Workspace>
    </>
  );
}

function renderShell(tree = USER_TREE, at = "/baseMgmt/shopMgmt") {
  const navigator = new Navigator(tree, ADMIN);
  const view = renderUi(
    <MemoryRouter initialEntries={[at]}>
      <Shell navigator={navigator} />
    </MemoryRouter>,
  );
  return {
    ...view,
    /** The same shell over another tree (the menus were read again). */
    rerender: (next: typeof tree) =>
      view.rerender(
        <MemoryRouter initialEntries={[at]}>
          <Shell navigator={new Navigator(next, ADMIN)} />
        </MemoryRouter>,
      ),
  };
}

describe("Workspace", () => {
  beforeEach(() => {
    sessionStorage.clear();
    useTabsStore.setState({ owner: undefined, tabs: [], recent: [] });
    signIn();
  });

  it("keeps a page as it was left while another tab is shown, hidden from everyone", async () => {
    renderShell();
    await userEvent.type(screen.getByRole("textbox", { name: "店铺管理" }), "未提交");
    act(() => go("/operate/advertise?state=active"));
    expect(screen.getByRole("textbox", { name: "广告管理" })).toBeInTheDocument();
    // Hidden: out of the accessibility tree, though still mounted.
    expect(screen.queryByRole("textbox", { name: "店铺管理" })).not.toBeInTheDocument();
    expect(useTabsStore.getState().tabs.map((t) => t.alias)).toEqual(["店铺管理", "广告管理"]);

    act(() => go("/baseMgmt/shopMgmt"));
    expect(screen.getByRole("textbox", { name: "店铺管理" })).toHaveValue("未提交");
    // The hidden list was drawn at its own address, not the shown page's.
    const hidden = screen.getByText("广告管理", { selector: "label" }).querySelector("input");
    expect(hidden).toHaveAttribute("data-search", "?state=active");
  });

  it("draws a hidden tab no more while other pages change", () => {
    renderShell();
    act(() => go("/operate/advertise?state=active"));
    const before = draws.get("店铺管理") ?? 0;
    act(() => go("/operate/advertise?state=expired"));
    act(() => go("/home"));
    act(() => go("/operate/advertise?state=active"));
    expect(draws.get("店铺管理")).toBe(before);
    // Shown again at the address it was left at, it is shown as it was: the page is not drawn
    // again (React may draw what reads the address once more).
    act(() => go("/baseMgmt/shopMgmt"));
    expect(draws.get("店铺管理")).toBe(before);
    const field = screen.getByRole("textbox", { name: "店铺管理" });
    expect(field).toHaveAttribute("data-search", "");
    // Its own address changing reaches what reads it.
    act(() => go("/baseMgmt/shopMgmt?state=pending"));
    expect(field).toHaveAttribute("data-search", "?state=pending");
  });

  it(`keeps at most the core's ${constants().keptTabs} tabs alive; older ones are drawn anew`, () => {
    const pages = Array.from({ length: constants().keptTabs + 2 }, (_, i) => `p${i}`);
    const tree = [
      node(
        "many",
        "多页",
        pages.map((p) => node(p, `页面${p}`)),
      ),
    ];
    renderShell(tree, "/many/p0");
    for (const p of pages.slice(1)) act(() => go(`/many/${p}`));
    expect(useTabsStore.getState().tabs).toHaveLength(pages.length);
    expect(document.querySelectorAll("input")).toHaveLength(constants().keptTabs);
    // The two shown first are the ones let go.
    expect(screen.queryByText("页面p0", { selector: "label" })).not.toBeInTheDocument();
    expect(screen.queryByText("页面p1", { selector: "label" })).not.toBeInTheDocument();
  });

  it("closes a tab whose page the user can no longer open, and follows one that moved", () => {
    const view = renderShell(USER_TREE, "/home");
    act(() => go("/operate/advertise"));
    act(() => go("/baseMgmt/shopMgmt"));
    expect(useTabsStore.getState().tabs.map((t) => t.alias)).toEqual([
      "首页",
      "广告管理",
      "店铺管理",
    ]);
    // 广告管理 is taken away; 店铺管理 is renamed (its page lives on at a new address).
    const after = [
      node("home", "首页"),
      node("baseMgmt", "基础信息", [node("stores", "店铺", [], { page: "baseMgmt/shopMgmt" })]),
    ];
    view.rerender(after);
    const tabs = useTabsStore.getState().tabs;
    expect(tabs.map((t) => [t.alias, t.path])).toEqual([
      ["首页", "/home"],
      ["店铺", "/baseMgmt/stores"],
    ]);
  });

  it("drops another user's tabs", () => {
    useTabsStore.setState({
      owner: "99",
      tabs: [{ key: "home", page: "home", path: "/home", alias: "首页", generation: 0 }],
    });
    renderShell();
    expect(useTabsStore.getState().owner).toBe(String(ADMIN.id));
    expect(useTabsStore.getState().tabs.map((t) => t.alias)).toEqual(["店铺管理"]);
  });

  describe("going back to a kept tab from the tab bar", () => {
    /** The frames the browser would paint, run when the test says. */
    let frames: FrameRequestCallback[] = [];
    beforeEach(() => {
      frames = [];
      vi.spyOn(window, "requestAnimationFrame").mockImplementation((frame) => {
        frames.push(frame);
        return frames.length;
      });
      return () => vi.restoreAllMocks();
    });

    /** 店铺管理 with text typed and not submitted, left for 广告管理. */
    async function leftForAnother() {
      renderShell();
      await userEvent.type(screen.getByRole("textbox", { name: "店铺管理" }), "未提交");
      act(() => go("/operate/advertise?state=active"));
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("广告管理");
    }

    it("shows its page and heading at once, and goes to its address after the paint", async () => {
      await leftForAnother();
      fireEvent.click(screen.getByRole("tab", { name: /店铺管理/ }));
      // In the click's frame: the kept page as it was left, under its own heading, alone.
      expect(screen.getByRole("textbox", { name: "店铺管理" })).toHaveValue("未提交");
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("店铺管理");
      expect(screen.queryByRole("textbox", { name: "广告管理" })).not.toBeInTheDocument();
      expect(screen.getByRole("status", { name: "地址" })).toHaveTextContent(
        "/operate/advertise?state=active",
      );
      // After the paint, the address and the tab bar follow.
      act(() => frames.splice(0).forEach((frame) => frame(performance.now())));
      await waitFor(() =>
        expect(screen.getByRole("status", { name: "地址" })).toHaveTextContent(
          "/baseMgmt/shopMgmt",
        ),
      );
      expect(screen.getByRole("tab", { name: /店铺管理/ })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      expect(screen.getByRole("textbox", { name: "店铺管理" })).toHaveValue("未提交");
      expect(screen.queryByRole("textbox", { name: "广告管理" })).not.toBeInTheDocument();
    });

    it("finishes the switch before a key pressed ahead of the paint reaches the page", async () => {
      await leftForAnother();
      fireEvent.click(screen.getByRole("tab", { name: /店铺管理/ }));
      // No frame painted yet: the key first takes the workspace to the tab's address.
      fireEvent.keyDown(screen.getByRole("textbox", { name: "店铺管理" }), { key: "a" });
      expect(screen.getByRole("status", { name: "地址" })).toHaveTextContent("/baseMgmt/shopMgmt");
      expect(screen.getByRole("tab", { name: /店铺管理/ })).toHaveAttribute(
        "aria-selected",
        "true",
      );
    });

    it("drops the switch when the browser goes elsewhere before the paint (Back)", async () => {
      await leftForAnother();
      const before = window.location.href;
      fireEvent.click(screen.getByRole("tab", { name: /店铺管理/ }));
      window.history.pushState(null, "", "/elsewhere");
      try {
        fireEvent.keyDown(document.body, { key: "a" });
        // The address the workspace draws is untouched, and the screen is as React shows it.
        expect(screen.getByRole("status", { name: "地址" })).toHaveTextContent(
          "/operate/advertise?state=active",
        );
        expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("广告管理");
        expect(screen.queryByRole("textbox", { name: "店铺管理" })).not.toBeInTheDocument();
      } finally {
        window.history.replaceState(null, "", before);
      }
    });

    it("opens a tab at once from a page outside the tabs", async () => {
      await leftForAnother();
      act(() => go("/nowhere"));
      expect(screen.getByText("not a page")).toBeVisible();
      fireEvent.click(screen.getByRole("tab", { name: /店铺管理/ }));
      // Nothing to swap with: the address changes in the click, and only the tab's page shows.
      expect(screen.getByRole("status", { name: "地址" })).toHaveTextContent("/baseMgmt/shopMgmt");
      expect(screen.queryByText("not a page")).not.toBeInTheDocument();
      expect(screen.getByRole("textbox", { name: "店铺管理" })).toHaveValue("未提交");
    });

    it("gives the hidden tab back its heading and page when the switch went elsewhere", async () => {
      await leftForAnother();
      fireEvent.click(screen.getByRole("tab", { name: /店铺管理/ }));
      // Something else navigates before the paint (another window's sign-out, a redirect).
      act(() => go("/operate/advertise?state=expired"));
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("广告管理");
      expect(screen.queryByRole("textbox", { name: "店铺管理" })).not.toBeInTheDocument();
      // The switch overtaken is dropped: neither the paint nor a key takes the workspace to it.
      act(() => frames.splice(0).forEach((frame) => frame(performance.now())));
      fireEvent.keyDown(document.body, { key: "a" });
      expect(screen.getByRole("status", { name: "地址" })).toHaveTextContent(
        "/operate/advertise?state=expired",
      );
    });
  });
});
