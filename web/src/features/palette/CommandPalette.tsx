/**
 * The command palette (Ctrl+K, ⌘K, the header's 搜索): one input, `搜索页面、记录或操作`, that finds
 * - the pages this user may open, by their label, full pinyin or initials (`dpgl` → 店铺管理;
 *   pinyin-pro, which loads with this chunk, never with the first screen);
 * - records by name, or by an all-digit ID, through the operations this user may call (records.ts),
 *   once typing pauses; a lookup overtaken by more typing is aborted;
 * - the shown page's actions (新建用户, 导出 CSV).
 * What was opened lately comes first. Enter opens the highlighted item (cmdk).
 */
import { useQuery } from "@tanstack/react-query";
import type { CSSInterpolation } from "@ant-design/cssinjs";
import { Modal, Tag, Typography, type GlobalToken } from "antd";
import { Command } from "cmdk";
import { match } from "pinyin-pro";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { useThemedStyle } from "@/components/useThemedStyle";
import { getUserInfo, type MenuItem, type Navigator } from "@/lib/core";
import { PAGES, type PageName } from "@/kit/links";
import { useDebounced } from "@/kit/useDebounced";
import { usePageActionsStore } from "@/stores/pageActions";
import { findRecords, type RecordHit } from "@/features/palette/records";
import { useRecentStore, type RecentItem } from "@/features/palette/recent";

export const PALETTE_LABEL = "搜索页面、记录或操作";

interface PageEntry {
  path: string;
  alias: string;
  /** The groups above it: `基础信息`. */
  trail: string;
}

/** The menu's pages (its leaves), each with the groups above it. */
function menuPages(items: readonly MenuItem[], trail: string[] = []): PageEntry[] {
  return items.flatMap((item) =>
    item.children.length > 0
      ? menuPages(item.children, [...trail, item.alias])
      : [{ path: item.path, alias: item.alias, trail: trail.join(" / ") }],
  );
}

/** `label` answers `query`: as typed, or by pinyin (full, initials, or a mix of them). */
export function matches(label: string, query: string): boolean {
  if (label.toLowerCase().includes(query)) return true;
  return match(label, query, { continuous: true }) !== null;
}

/**
 * The pages answering `text`; timed as the User Timing measure `palette:pages` (the size report
 * prints it against its 16 ms budget).
 */
function matchPages(pages: readonly PageEntry[], text: string): PageEntry[] {
  if (text === "") return [...pages];
  const start = performance.now();
  const found = pages.filter((page) => matches(page.alias, text));
  performance.measure("palette:pages", { start, end: performance.now() });
  return found;
}

const paletteStyle = (token: GlobalToken): CSSInterpolation => ({
  ".adnur-palette [cmdk-input]": {
    width: "100%",
    height: 40,
    padding: "0 12px",
    fontSize: token.fontSizeLG,
    color: token.colorText,
    background: token.colorBgContainer,
    border: `1px solid ${token.colorBorder}`,
    borderRadius: token.borderRadius,
    outline: "none",
    "&:focus": { borderColor: token.colorPrimary, boxShadow: `0 0 0 2px ${token.colorPrimaryBg}` },
  },
  ".adnur-palette [cmdk-list]": { maxHeight: 420, overflowY: "auto", marginTop: 8 },
  ".adnur-palette [cmdk-group-heading]": {
    padding: "8px 8px 4px",
    fontSize: token.fontSizeSM,
    color: token.colorTextSecondary,
  },
  ".adnur-palette [cmdk-item]": {
    display: "flex",
    alignItems: "center",
    gap: 8,
    minHeight: 36,
    padding: "4px 8px",
    borderRadius: token.borderRadiusSM,
    cursor: "pointer",
    color: token.colorText,
  },
  ".adnur-palette [cmdk-item][data-selected=true]": { background: token.colorPrimaryBg },
  ".adnur-palette [cmdk-empty], .adnur-palette [cmdk-loading]": {
    padding: "12px 8px",
    color: token.colorTextSecondary,
  },
});

interface Choice {
  id: string;
  label: string;
  noun: string;
  extra?: string;
  run: () => void;
}

function Item({ choice }: { choice: Choice }) {
  return (
    <Command.Item value={choice.id} onSelect={choice.run}>
      <Tag style={{ marginInlineEnd: 0 }}>{choice.noun}</Tag>
      <span>{choice.label}</span>
      {choice.extra ? <Typography.Text type="secondary">{choice.extra}</Typography.Text> : null}
    </Command.Item>
  );
}

function Group({ heading, choices }: { heading: string; choices: Choice[] }): ReactNode {
  if (choices.length === 0) return null;
  return (
    <Command.Group heading={heading}>
      {choices.map((choice) => (
        <Item key={choice.id} choice={choice} />
      ))}
    </Command.Group>
  );
}

export interface CommandPaletteProps {
  navigator: Navigator;
  onClose: () => void;
}

export default function CommandPalette({ navigator, onClose }: CommandPaletteProps) {
  const hashId = useThemedStyle("adnur-palette", paletteStyle);
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  const text = query.trim().toLowerCase();
  const typed = useDebounced(query.trim());

  const owner = String(getUserInfo()?.id ?? "");
  const recentOwner = useRecentStore((s) => s.owner);
  const own = useRecentStore((s) => s.own);
  useEffect(() => own(owner), [own, owner]);
  // Another user's items are never shown, not even before the effect drops them.
  const recent = useRecentStore((s) => (recentOwner === owner ? s.items : []));
  const opened = useRecentStore((s) => s.opened);
  const actions = usePageActionsStore((s) => s.actions);

  const pages = useMemo(() => menuPages(navigator.menu()), [navigator]);
  const mayOpen = (page: PageName) => navigator.href(PAGES[page], {}) !== undefined;
  const records = useQuery({
    queryKey: ["palette.records", owner, typed],
    // The signal aborts the calls when the query is overtaken (TanStack Query, the core's client).
    queryFn: ({ signal }) => findRecords(typed, mayOpen, signal),
    enabled: typed.length > 0,
    staleTime: 30_000,
  });

  const go = (item: RecentItem) => {
    opened(item);
    onClose();
    void navigate(item.path);
  };
  /** Opened lately and still open to this user (access may have changed since). */
  const openable = (item: RecentItem) => {
    const [pathname, search = ""] = item.path.split(/(?=\?)/);
    return navigator.resolve(pathname ?? "", search).kind === "page";
  };
  const recentIds = new Set(recent.map((item) => item.id));
  const first = <T extends { id: string }>(list: T[]) => [
    ...list.filter((c) => recentIds.has(c.id)),
    ...list.filter((c) => !recentIds.has(c.id)),
  ];

  const pageChoices: Choice[] = first(
    matchPages(pages, text).map((page) => ({ ...page, id: `page:${page.path}` })),
  ).map((page) => ({
    id: page.id,
    label: page.alias,
    noun: "页面",
    extra: page.trail,
    run: () => go({ id: page.id, label: page.alias, noun: "页面", path: page.path }),
  }));

  const actionChoices: Choice[] = actions
    .filter((action) => text === "" || matches(action.label, text))
    .map((action) => ({
      id: `action:${action.id}`,
      label: action.label,
      noun: "操作",
      run: () => {
        onClose();
        action.run();
      },
    }));

  const recordChoices: Choice[] =
    typed === query.trim() && records.data
      ? first(records.data).flatMap((hit: RecordHit) => {
          const path = navigator.href(PAGES[hit.page], hit.query);
          if (path === undefined) return [];
          return [
            {
              id: hit.id,
              label: hit.label,
              noun: hit.noun,
              extra: hit.extra,
              run: () => go({ id: hit.id, label: hit.label, noun: hit.noun, path }),
            },
          ];
        })
      : [];

  const recentChoices: Choice[] =
    text === ""
      ? recent.filter(openable).map((item) => ({
          id: `recent:${item.id}`,
          label: item.label,
          noun: item.noun,
          run: () => go(item),
        }))
      : [];

  const searching = text !== "" && (typed !== query.trim() || records.isFetching);
  return (
    <Modal
      open
      title="搜索"
      footer={null}
      width={640}
      onCancel={onClose}
      afterOpenChange={(open) => {
        if (open) input.current?.focus();
      }}
    >
      <Command
        label={PALETTE_LABEL}
        shouldFilter={false}
        loop
        className={`${hashId} adnur-palette`}
      >
        <Command.Input
          ref={input}
          autoFocus
          value={query}
          onValueChange={setQuery}
          placeholder="页面名称或拼音首字母（如 dpgl）、店铺/商品/会员/商机/广告名称或编号"
        />
        <Command.List>
          {searching ? <Command.Loading>正在查找记录…</Command.Loading> : null}
          <Command.Empty>{searching ? null : "没有找到匹配的页面、记录或操作"}</Command.Empty>
          <Group heading="最近使用" choices={recentChoices} />
          <Group heading="页面" choices={text === "" ? pageChoices.slice(0, 8) : pageChoices} />
          <Group heading="当前页面的操作" choices={actionChoices} />
          <Group heading="记录" choices={recordChoices} />
        </Command.List>
      </Command>
    </Modal>
  );
}
