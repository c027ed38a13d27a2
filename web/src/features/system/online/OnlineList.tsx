/**
 * 在线用户: the live sign-ins, the latest used first, filterable by login name; 强制下线 ends one
 * (asked first: it cannot be undone), and its next call signs it out. The caller's own shows
 * 当前会话 and is not theirs to end here (退出登录 is).
 */
import { Flex } from "antd";
import { ops, type OnlineSession } from "@/lib/generated/ops";
import { FilterForm } from "@/kit/FilterForm";
import { ListTable } from "@/kit/ListTable";
import { RowActions } from "@/kit/RowActions";
import { useList } from "@/kit/useList";
import { useWrite } from "@/kit/write";
import { ONLINE_COLUMNS, whoText } from "@/features/system/online/columns";

export function OnlineList() {
  const list = useList(ops.session.list, ONLINE_COLUMNS);
  const revoke = useWrite(ops.session.revoke);

  async function end(session: OnlineSession) {
    const done = await revoke.run(
      { id: session.id },
      { success: `已强制下线 ${whoText(session)}` },
    );
    if (done) list.removed();
  }

  return (
    <Flex vertical gap={16}>
      <FilterForm name="onlineFilter" fields={list.fields} table={list.table} />
      <ListTable<OnlineSession>
        exportAs="在线用户"
        noun="在线会话"
        list={list}
        rowKey="id"
        actions={(session) => (
          <RowActions
            actions={[
              {
                key: "revoke",
                op: ops.session.revoke,
                label: "强制下线",
                danger: true,
                confirm: {
                  title: `强制下线 ${whoText(session)}？`,
                  description: "该登录的下一次请求将失效，需要重新登录。",
                },
                run: () => end(session),
                refused: session.current ? "这是当前会话，请使用「退出登录」" : undefined,
              },
            ]}
          />
        )}
      />
    </Flex>
  );
}
