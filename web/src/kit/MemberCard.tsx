/**
 * A member in brief (`MemberBrief`: the buyer of an inquiry or an opportunity): nickname, masked
 * phone, type as the core labels it, account state. Shared by the 运营 drawers, which may not open
 * 用户详情.
 */
import { Card, Descriptions } from "antd";
import { choices } from "@/lib/core";
import type { MemberBrief } from "@/lib/generated/ops";
import { StatusTag, stateFor } from "@/kit/StatusTag";
import { orDash } from "@/kit/text";

const TYPES = choices("memberType");

export function MemberCard({ title, member }: { title: string; member: MemberBrief }) {
  return (
    <Card title={title} size="small">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: "nickname", label: "昵称", children: member.nickname },
          { key: "phone", label: "手机号", children: orDash(member.phone) },
          {
            key: "type",
            label: "类型",
            children: TYPES.find((t) => t.value === member.type)?.label ?? member.type,
          },
          {
            key: "status",
            label: "账号状态",
            children: <StatusTag state={stateFor("member", member.status)} />,
          },
        ]}
      />
    </Card>
  );
}
