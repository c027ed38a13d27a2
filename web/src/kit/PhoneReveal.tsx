/**
 * A phone as the gateway answers it — masked (`138****0000`) — with 查看完整号码 beside it. The full
 * number is `contact.reveal`, a write: 操作日志 records who saw whose number (the write path
 * refreshes it), and the gateway lets only the record's own screen see it (a shop's phone needs
 * 店铺管理, a member's 用户管理). Shown in place of the masked one until the page shows another
 * record; never kept anywhere else. Without 查看号码 (按钮权限) only the masked number shows.
 */
import { Button, Flex, Typography } from "antd";
import { useState } from "react";
import { ops } from "@/lib/generated/ops";
import { useMay } from "@/kit/access";
import { useWrite } from "@/kit/write";

export interface PhoneRevealProps {
  /** Whose number: a shop's contact phone or a member's phone. */
  entity: "shop" | "member";
  /** The record. */
  id: number;
  /** The number as the record's read answered it, masked; empty when there is none. */
  masked: string;
}

export function PhoneReveal({ entity, id, masked }: PhoneRevealProps) {
  // No toast: the number appearing is the answer; a refusal is toasted by the catalogue.
  const reveal = useWrite(ops.contact.reveal, "");
  const mayReveal = useMay()(ops.contact.reveal);
  const [revealed, setRevealed] = useState<{ entity: string; id: number; phone: string }>();
  const full = revealed?.entity === entity && revealed.id === id ? revealed.phone : undefined;
  if (masked.trim() === "") return <>-</>;
  if (full !== undefined)
    return (
      <Typography.Text copyable={{ text: full, tooltips: ["复制号码", "已复制"] }}>
        {full}
      </Typography.Text>
    );
  if (!mayReveal) return <>{masked}</>;
  return (
    <Flex align="center" gap={4} wrap>
      <span>{masked}</span>
      <Button
        type="link"
        size="small"
        style={{ paddingInline: 4 }}
        loading={reveal.pending}
        onClick={() =>
          void reveal.run({ entity, id }).then((answer) => {
            if (answer) setRevealed({ entity, id, phone: answer.phone });
          })
        }
      >
        查看完整号码
      </Button>
    </Flex>
  );
}
