/**
 * A record's detail page (店铺详情, 商品详情, 用户详情): a header with the way back to its list, the
 * record's title, state and actions; a skeleton while it loads; the error with 重试; a clear
 * result when the link carries no record id or the record is gone.
 */
import { ListError } from "@/kit/ListError";
import { ArrowLeftOutlined } from "@ant-design/icons";
import { Button, Card, Flex, Result, Skeleton, Typography } from "antd";
import type { ReactNode } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { errorInfo, type Entity, readId } from "@/lib/core";
import { useHistory } from "@/kit/HistoryTimeline";
import { useHref, type PageName } from "@/kit/links";
import { useListViewsStore } from "@/stores/listViews";
import { useTabRecord } from "@/stores/tabs";

/**
 * The `?id=` of the page's link, as the core reads a URL's id (`readId`): decimal digits, or
 * undefined for anything else.
 */
export function useIdParam(): number | undefined {
  const [params] = useSearchParams();
  return readId(params.get("id") ?? undefined);
}

export interface DetailPageProps {
  /** What the record is called, e.g. `店铺`. */
  noun: string;
  /** The list to go back to (a page), in the view it was left in when it was seen. */
  backTo: PageName;
  /** The record's id from the link (`useIdParam`). */
  id: number | undefined;
  /** The record's read. */
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** The record's name, once loaded (its tab is titled by it too). */
  title?: string;
  /** Its state tag. */
  tags?: ReactNode;
  /** Its actions. */
  extra?: ReactNode;
  /**
   * The entity whose 操作记录 (`HistoryTimeline`) the page shows: read from the link's id at once,
   * beside the record's own read, not after the record has loaded and drawn.
   */
  history?: Entity;
  children?: ReactNode;
}

export function DetailPage({
  noun,
  backTo,
  id,
  query,
  title,
  tags,
  extra,
  history,
  children,
}: DetailPageProps) {
  const navigate = useNavigate();
  useHistory(history ?? "shop", id ?? 0, history !== undefined && id !== undefined);
  useTabRecord(title);
  const listPath = useHref()(backTo);
  const view = useListViewsStore((s) => (listPath === undefined ? undefined : s.views[listPath]));
  // No way back to a list this user cannot open.
  const back =
    listPath === undefined ? null : (
      <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(view ?? listPath)}>
        返回列表
      </Button>
    );
  if (id === undefined)
    return <Result status="warning" title={`链接中没有${noun}编号`} extra={back} />;
  if (query.isPending)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (query.isError) {
    const info = errorInfo(query.error);
    if (info.code === "data_not_found")
      return <Result status="404" title={`${noun}不存在`} subTitle={`编号 ${id}`} extra={back} />;
    return (
      <ListError
        title={`${noun}加载失败`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="center" gap={12} wrap>
          {back}
          {/* Under the page's h1 (the layout's: 店铺详情), the record's name. */}
          <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
            {title}
          </Typography.Title>
          {tags}
        </Flex>
        {extra}
      </Flex>
      {children}
    </Flex>
  );
}
