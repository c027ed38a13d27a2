/**
 * An opportunity's reply thread, oldest first: who (a shop or the platform's operator), when,
 * and what was said.
 */
import { Empty, Flex, Tag, Typography } from "antd";
import { choices, formatTimestamp } from "@/lib/core";
import type { OpportunityReply } from "@/lib/generated/ops";

/** Who wrote a reply (the core's `replyAuthor` labels), told apart by colour as well as words. */
const AUTHORS = choices("replyAuthor");
const AUTHOR_COLOR: Readonly<Record<string, string>> = { shop: "blue", operator: "gold" };

export function ReplyThread({ replies }: { replies: readonly OpportunityReply[] }) {
  if (replies.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无回复" />;
  return (
    <Flex
      vertical
      gap={12}
      component="ol"
      aria-label="回复记录"
      style={{ listStyle: "none", margin: 0, padding: 0 }}
    >
      {replies.map((reply) => {
        const kind = AUTHORS.find((choice) => choice.value === reply.authorKind);
        return (
          <li key={reply.id}>
            <Flex gap={8} align="center" wrap>
              {kind ? <Tag color={AUTHOR_COLOR[kind.value]}>{kind.label}</Tag> : null}
              <Typography.Text strong>{reply.author}</Typography.Text>
              <Typography.Text type="secondary">{formatTimestamp(reply.at)}</Typography.Text>
            </Flex>
            <Typography.Paragraph style={{ margin: "4px 0 0", whiteSpace: "pre-wrap" }}>
              {reply.content}
            </Typography.Paragraph>
          </li>
        );
      })}
    </Flex>
  );
}
