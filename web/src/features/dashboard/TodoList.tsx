/**
 * 待办事项: the review queues with what waits in each, every one a link that opens the queue
 * already filtered. A queue outside the user's menu shows its count without the link.
 */
import { CheckCircleOutlined, RightOutlined } from "@ant-design/icons";
import { Card, Flex, Typography } from "antd";
import { Link } from "react-router";
import { useHref, type PageName, type PageQuery } from "@/kit/links";
import { useHomeStats, type HomeStats } from "@/features/dashboard/useHomeStats";

export interface Queue {
  key: keyof HomeStats;
  /** What waits: `待审核店铺`. */
  title: string;
  unit: string;
  /** The queue's screen, filtered to what waits. */
  page: PageName;
  query?: PageQuery;
}

export function TodoList({ queues }: { queues: readonly Queue[] }) {
  const { data, isPending } = useHomeStats();
  const href = useHref();
  return (
    <Card title="待办事项" loading={isPending}>
      <Flex vertical gap={12} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {queues.map((queue) => {
          const count = data?.[queue.key] ?? 0;
          const text = `${queue.title} ${count} ${queue.unit}`;
          // A queue this user cannot open shows its count without the link.
          const to = href(queue.page, queue.query);
          return (
            <Flex component="li" key={queue.key} justify="space-between" align="center" gap={8}>
              {count > 0 && to !== undefined ? (
                <Link to={to}>
                  {text}，去处理 <RightOutlined aria-hidden />
                </Link>
              ) : (
                <Typography.Text>{text}</Typography.Text>
              )}
              {count === 0 ? (
                <Typography.Text type="secondary">
                  <CheckCircleOutlined aria-hidden /> 已处理完
                </Typography.Text>
              ) : null}
            </Flex>
          );
        })}
      </Flex>
    </Card>
  );
}
