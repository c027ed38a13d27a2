/** The quiet placeholder while a page or the menu tree loads: no spinner flash. */
import { Skeleton } from "antd";

export function PageSkeleton() {
  return (
    <div aria-busy="true" data-testid="page-skeleton">
      <Skeleton active title paragraph={{ rows: 6 }} />
    </div>
  );
}
