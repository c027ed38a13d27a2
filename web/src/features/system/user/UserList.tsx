/**
 * 系统用户: the filter form, the paged and sortable table, row actions (edit, the lifecycle's
 * 停用 / 启用, delete) and 导出 CSV. The view lives in the URL; writes refresh the list.
 */
import { PlusOutlined } from "@ant-design/icons";
import { App, Button, Flex } from "antd";
import { useState } from "react";
import { ops, type SysUser } from "@/lib/generated/ops";
import { ExportButton } from "@/kit/ExportButton";
import { FilterForm } from "@/kit/FilterForm";
import { ListTable } from "@/kit/ListTable";
import { useRefresh, writeRow } from "@/kit/queries";
import { deleteAction, RowActions, transitionActions } from "@/kit/RowActions";
import { stateFor } from "@/kit/StatusTag";
import { useList } from "@/kit/useList";
import { USER_COLUMNS } from "@/features/system/user/columns";
import { UserFormModal } from "@/features/system/user/UserFormModal";

/** The dialog's state: closed, creating, or editing a user. */
type Dialog = { kind: "closed" } | { kind: "create" } | { kind: "edit"; user: SysUser };

/** What 停用 asks first: its effect on the user's sessions. */
const DETAILS = { disabled: "停用后该用户无法登录，已登录的会话会被结束。" };

export function UserList() {
  const { message } = App.useApp();
  const list = useList(ops.sysUser.list, USER_COLUMNS);
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<Dialog>({ kind: "closed" });

  async function move(user: SysUser, status: string) {
    const saved = await writeRow(ops.sysUser.update, {
      id: user.id,
      version: user.version,
      status,
    });
    if (saved) void message.success(`已${stateFor("sysUser", status).label}用户 ${user.username}`);
    await list.refresh();
  }

  async function remove(user: SysUser) {
    if (await writeRow(ops.sysUser.delete, { id: user.id, version: user.version })) {
      void message.success(`已删除用户 ${user.username}`);
      list.removed();
    }
    await list.refresh();
  }

  return (
    <Flex vertical gap={16}>
      <FilterForm name="sysUserFilter" fields={list.fields} table={list.table} />
      <Flex justify="space-between" align="center">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ kind: "create" })}
        >
          新建用户
        </Button>
        <ExportButton list={list} base="系统用户" />
      </Flex>
      <ListTable<SysUser>
        noun="系统用户"
        list={list}
        rowKey="id"
        actions={(user) => (
          <RowActions
            actions={[
              { key: "edit", label: "编辑", run: () => setDialog({ kind: "edit", user }) },
              ...transitionActions(
                "sysUser",
                user.status,
                `用户 ${user.username}`,
                (to) => move(user, to),
                DETAILS,
              ),
              deleteAction(`用户 ${user.username}`, () => remove(user)),
            ]}
          />
        )}
      />
      {dialog.kind !== "closed" ? (
        <UserFormModal
          user={dialog.kind === "edit" ? dialog.user : undefined}
          onCancel={() => setDialog({ kind: "closed" })}
          onSaved={(saved) => {
            setDialog({ kind: "closed" });
            void message.success(
              `已${dialog.kind === "edit" ? "保存" : "新建"}用户 ${saved.username}`,
            );
            void refresh(ops.sysUser.list, ops.sysUser.qryRoleTree);
          }}
        />
      ) : null}
    </Flex>
  );
}
