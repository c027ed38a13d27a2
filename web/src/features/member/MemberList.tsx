/**
 * 用户管理: members filtered by nickname, phone, type and state; the paged and sortable table
 * (its view in the URL); 封禁 with a reason and 解封 as the `member` lifecycle allows; links to
 * 用户详情 and, for a seller, their shop; 导出 CSV of the filtered members.
 */
import { Flex } from "antd";
import { ops, type MemberRow } from "@/lib/generated/ops";
import { FilterForm } from "@/kit/FilterForm";
import { ListTable } from "@/kit/ListTable";
import { useList } from "@/kit/useList";
import { MEMBER_COLUMNS } from "@/features/member/columns";
import { useMemberMoves } from "@/features/member/moves";

export function MemberList() {
  const list = useList(ops.member.list, MEMBER_COLUMNS);
  const moves = useMemberMoves();

  return (
    <Flex vertical gap={16}>
      <FilterForm
        name="memberFilter"
        rules="memberFilter"
        fields={list.fields}
        table={list.table}
      />
      <ListTable<MemberRow>
        noun="用户"
        list={list}
        rowKey="id"
        rowActions={moves.actions}
        exportAs="用户"
      />
    </Flex>
  );
}
