/**
 * 新建 / 编辑系统用户. Create: username, nickname, password (the core's policy as the hint), roles.
 * Edit: nickname, roles, and a new password only when typed (blank leaves it unchanged); sent with
 * the record's `version`, so a stale edit is refused as a conflict. A save says so (已新建用户 X,
 * 已保存用户 X) and refreshes what its declaration makes stale.
 */
import { Form, Input, TreeSelect } from "antd";
import { useId, useMemo } from "react";
import { validate } from "@/lib/core";
import { ops, type SysUser } from "@/lib/generated/ops";
import { FormDialog } from "@/kit/FormDialog";
import { FormField } from "@/kit/FormField";
import { useWrite } from "@/kit/write";
import { useRoleTree } from "@/features/system/queries";
import { roleOptions } from "@/features/system/trees";

interface UserFormValues {
  username: string;
  nickname: string;
  password: string;
  roleIds: number[];
}

export interface UserFormModalProps {
  /** The user being edited; absent to create one. */
  user?: SysUser;
  /** After a save (toasted and refreshed already): close. */
  onSaved: (user: SysUser) => void;
  onCancel: () => void;
}

const created = (saved: SysUser) => `已新建用户 ${saved.username}`;
const edited = (saved: SysUser) => `已保存用户 ${saved.username}`;

export function UserFormModal({ user, onSaved, onCancel }: UserFormModalProps) {
  const create = useWrite(ops.sysUser.create, created);
  const update = useWrite(ops.sysUser.update, edited);
  const roles = useRoleTree(ops.sysUser.qryRoleTree);
  const treeData = useMemo(() => roleOptions(roles.data ?? []), [roles.data]);

  const form = user ? "sysUserUpdate" : "sysUserCreate";
  // The password may not contain the username, which an edit does not show as a field.
  const check = (values: UserFormValues) =>
    validate(form, { ...values, username: user?.username ?? values.username });

  const submit = ({ username, nickname, password, roleIds }: UserFormValues) =>
    user
      ? update.send({
          id: user.id,
          version: user.version,
          nickname,
          roleIds,
          ...(password ? { password } : {}),
        })
      : create.send({ username, nickname, password, roleIds });

  // Unique on the page: the workspace may keep another tab's dialog alive.
  const usernameId = useId();
  return (
    <FormDialog<UserFormValues, SysUser>
      title={user ? `编辑用户 ${user.username}` : "新建用户"}
      name="sysUserForm"
      form={form}
      initialValues={{
        username: user?.username ?? "",
        nickname: user?.nickname ?? "",
        password: "",
        roleIds: user?.roleIds ?? [],
      }}
      validate={check}
      submit={submit}
      onSaved={onSaved}
      onCancel={onCancel}
    >
      {user ? (
        <Form.Item label="用户名" htmlFor={usernameId} extra="用户名创建后不可修改">
          <Input id={usernameId} value={user.username} disabled />
        </Form.Item>
      ) : (
        <FormField name="username" />
      )}
      <FormField name="nickname" />
      <FormField
        name="password"
        input="password"
        label={user ? "新密码" : undefined}
        placeholder={user ? "留空则不修改" : undefined}
      />
      <FormField name="roleIds">
        <TreeSelect<number[]>
          multiple
          treeData={treeData}
          loading={roles.isPending}
          treeDefaultExpandAll
          showSearch={{ treeNodeFilterProp: "title" }}
          placeholder="请选择角色"
          notFoundContent={roles.isError ? "角色加载失败" : undefined}
        />
      </FormField>
    </FormDialog>
  );
}
