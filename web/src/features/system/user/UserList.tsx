/**
 * 系统用户: the filter form, the paged and sortable table, row actions (edit, the lifecycle's
 * 停用 / 启用, 解锁 on a user strangers locked, delete) and 导出 CSV. The view lives in the URL; each write refreshes what its
 * declaration says it makes stale.
 */
import { Flex } from "antd";
import { useCallback, useState } from "react";
import { ownRefusal } from "@/lib/core";
import { ops, type SysUser } from "@/lib/generated/ops";
import { FilterForm } from "@/kit/FilterForm";
import { ListTable } from "@/kit/ListTable";
import { useMoves } from "@/kit/moves";
import { deleteAction } from "@/kit/RowActions";
import { useList } from "@/kit/useList";
import { useWrite } from "@/kit/write";
import { USER_COLUMNS } from "@/features/system/user/columns";
import { UserFormModal } from "@/features/system/user/UserFormModal";
import { CreateButton } from "@/kit/CreateButton";
import { useSessionStore } from "@/stores/session";

/** The dialog's state: closed, creating, or editing a user. */
type Dialog = { kind: "closed" } | { kind: "create" } | { kind: "edit"; user: SysUser };

/** `用户 lisi`: how titles and toasts name a user (已停用用户 lisi). */
const subject = (user: SysUser) => `用户 ${user.username}`;

export function UserList() {
  const list = useList(ops.sysUser.list, USER_COLUMNS);
  const me = useSessionStore((s) => s.user?.id);
  const own = useCallback((user: SysUser) => user.id === me, [me]);
  const moves = useMoves({ entity: "sysUser", subject, own });
  const remove = useWrite(ops.sysUser.delete);
  const unlock = useWrite(ops.sysUser.unlock);
  const [dialog, setDialog] = useState<Dialog>({ kind: "closed" });

  async function removeOne(user: SysUser) {
    const done = await remove.run(
      { id: user.id, version: user.version },
      { success: `已删除${subject(user)}` },
    );
    if (done) list.removed();
  }

  return (
    <Flex vertical gap={16}>
      <FilterForm name="sysUserFilter" fields={list.fields} table={list.table} />
      <ListTable<SysUser>
        exportAs="系统用户"
        toolbar={
          <CreateButton
            label="新建用户"
            op={ops.sysUser.create}
            onClick={() => setDialog({ kind: "create" })}
          />
        }
        noun="系统用户"
        list={list}
        rowKey="id"
        rowActions={(user) => [
          {
            key: "edit",
            label: "编辑",
            op: ops.sysUser.update,
            run: () => setDialog({ kind: "edit", user }),
          },
          ...moves.actions(user),
          ...(user.locked
            ? [
                {
                  key: "unlock",
                  label: "解锁",
                  op: ops.sysUser.unlock,
                  run: () => unlock.run({ id: user.id }, { success: `已解锁${subject(user)}` }),
                },
              ]
            : []),
          deleteAction(
            ops.sysUser.delete,
            subject(user),
            () => removeOne(user),
            own(user) ? ownRefusal("sysUser", "delete") : undefined,
          ),
        ]}
      />
      {dialog.kind !== "closed" ? (
        <UserFormModal
          user={dialog.kind === "edit" ? dialog.user : undefined}
          onCancel={() => setDialog({ kind: "closed" })}
          onSaved={() => setDialog({ kind: "closed" })}
        />
      ) : null}
    </Flex>
  );
}
