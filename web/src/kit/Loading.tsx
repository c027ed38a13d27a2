/**
 * A part of a screen still loading: antd's skeleton in a named, busy status region
 * (`<what>加载中`). The role makes the name allowed and announced: a plain div with an aria-label
 * is a generic element, which may not be named (axe's aria-prohibited-attr, serious), and the
 * accessibility walk met one on 询价单 while its list was still loading (issue 27).
 */
import { Skeleton, type SkeletonProps } from "antd";

export function Loading({
  label,
  rows,
  title = false,
}: {
  /** What is loading, as the region's name: 店铺加载中. */
  label: string;
  rows: number;
  title?: SkeletonProps["title"];
}) {
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      <Skeleton active title={title} paragraph={{ rows }} />
    </div>
  );
}
