/**
 * Why a record that points somewhere is a problem now (an ad or a recommendation whose shop is
 * frozen, an activity item whose product is off sale), as the gateway words it; nothing when fine.
 * Marked by an icon and words, not by colour alone.
 */
import { WarningOutlined } from "@ant-design/icons";
import { Tag } from "antd";

export function ProblemFlag({ problem }: { problem: string | null | undefined }) {
  if (!problem) return null;
  return (
    <Tag color="error" icon={<WarningOutlined aria-hidden />}>
      {problem}
    </Tag>
  );
}
