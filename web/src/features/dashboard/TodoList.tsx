/**
 * 待办事项: the queues of work this user may act on, as the gateway counts them (core's
 * `dashboard::QUEUES`: a queue shows to the owners of the screen that works it), each a link that
 * opens that screen already filtered to the queue.
 */
import { CheckCircleOutlined, RightOutlined } from "@ant-design/icons";
import { Card, Empty, Flex, Typography } from "antd";
import { Link } from "react-router";
import { useKeyHref } from "@/kit/links";
import { useHomeStats } from "@/features/dashboard/useHomeStats";

export function TodoList() {
  const { data, isPending } = useHomeStats();
  const href = useKeyHref();
  const queues = data?.todo ?? [];
  return (
    <Card title="待办事项" loading={isPending}>
      {queues.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有需要您处理的事项" />
      ) : (
        <Flex vertical gap={12} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {queues.map((queue) => {
            const text = queue.label;
            const to = href(queue.page, queue.query);
            return (
              <Flex component="li" key={queue.key} justify="space-between" align="center" gap={8}>
                {queue.count > 0 && to !== undefined ? (
                  <Link to={to}>
                    {text}，去处理 <RightOutlined aria-hidden />
                  </Link>
                ) : (
                  <Typography.Text>{text}</Typography.Text>
                )}
                {queue.count === 0 ? (
                  <Typography.Text type="secondary">
                    <CheckCircleOutlined aria-hidden /> 已处理完
                  </Typography.Text>
                ) : null}
              </Flex>
            );
          })}
        </Flex>
      )}
    </Card>
  );
}
