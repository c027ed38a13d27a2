/**
 * 登录日志: every sign-in attempt, unknown names too, newest first — 成功, 失败, 已锁定 (refused by
 * the lockout) or 繁忙 (shed while sign-ins were flooding in). Filters: the time range, the name
 * tried and the result; 导出 CSV of the filtered rows.
 */
import { Flex } from "antd";
import { ops, type LoginLogEntry } from "@/lib/generated/ops";
import { FilterForm } from "@/kit/FilterForm";
import { ListTable } from "@/kit/ListTable";
import { useList } from "@/kit/useList";
import { LOGIN_LOG_COLUMNS } from "@/features/system/loginLog/columns";

export function LoginLogList() {
  const list = useList(ops.loginLog.list, LOGIN_LOG_COLUMNS);
  return (
    <Flex vertical gap={16}>
      <FilterForm name="loginLogFilter" fields={list.fields} table={list.table} />
      <ListTable<LoginLogEntry> exportAs="登录日志" noun="登录记录" list={list} rowKey="id" />
    </Flex>
  );
}
