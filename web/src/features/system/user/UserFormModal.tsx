/**
 * 新建 / 编辑系统用户. Create: username, nickname, password (the core's policy, shown as the hint),
 * roles. Edit: nickname, roles, and a new password only when typed (blank leaves it unchanged);
 * sent with the record's `version`, so a stale edit is refused as a conflict.
 */
import { Form, Input, TreeSelect } from "antd";
import { useMemo } from "react";
import { fieldLimits, passwordPolicy, validateSysUser } from "@/lib/core";
import { FormModal } from "@/features/system/FormModal";
import { saveForm, useRoleTree } from "@/features/system/queries";
import { roleOptions } from "@/features/system/trees";
import { API, type SysUser } from "@/features/system/types";

const LIMITS = fieldLimits();

interface UserFormValues {
  username: string;
  nickname: string;
  password: string;
  roleIds: number[];
}

const CREATE_FIELDS = ["username", "nickname", "password", "roleIds"] as const;
const EDIT_FIELDS = ["nickname", "password", "roleIds"] as const;

export interface UserFormModalProps {
  /** The user being edited; absent to create one. */
  user?: SysUser;
  onSaved: (user: SysUser) => void;
  onCancel: () => void;
}

export function UserFormModal({ user, onSaved, onCancel }: UserFormModalProps) {
  const roles = useRoleTree(API.userRoleTree);
  const treeData = useMemo(() => roleOptions(roles.data ?? []), [roles.data]);
  const editing = user !== undefined;

  const validate = (v: UserFormValues) =>
    editing
      ? validateSysUser(
          { id: user.id, nickname: v.nickname, password: v.password, roleIds: v.roleIds },
          user.username,
        )
      : validateSysUser({
          username: v.username,
          nickname: v.nickname,
          password: v.password,
          roleIds: v.roleIds,
        });

  const submit = (v: UserFormValues) =>
    editing
      ? saveForm<SysUser>(API.userUpdate, {
          id: user.id,
          version: user.version,
          nickname: v.nickname,
          roleIds: v.roleIds,
          ...(v.password ? { password: v.password } : {}),
        })
      : saveForm<SysUser>(API.userCreate, {
          username: v.username,
          nickname: v.nickname,
          password: v.password,
          roleIds: v.roleIds,
        });

  return (
    <FormModal<UserFormValues, SysUser>
      title={editing ? `编辑用户 ${user.username}` : "新建用户"}
      name="sysUserForm"
      fieldNames={editing ? EDIT_FIELDS : CREATE_FIELDS}
      initialValues={{
        username: user?.username ?? "",
        nickname: user?.nickname ?? "",
        password: "",
        roleIds: user?.roleIds ?? [],
      }}
      validate={validate}
      submit={submit}
      onSaved={onSaved}
      onCancel={onCancel}
    >
      {editing ? (
        <Form.Item label="用户名" htmlFor="sysUserForm_fixedUsername" extra="用户名创建后不可修改">
          <Input id="sysUserForm_fixedUsername" value={user.username} disabled />
        </Form.Item>
      ) : (
        <Form.Item name="username" label="用户名" required>
          <Input
            autoComplete="off"
            count={{ show: true, max: LIMITS.username.max }}
            placeholder={`字母开头，${LIMITS.username.min}-${LIMITS.username.max}位`}
          />
        </Form.Item>
      )}
      <Form.Item name="nickname" label="昵称" required>
        <Input autoComplete="off" count={{ show: true, max: LIMITS.nickname.max }} />
      </Form.Item>
      <Form.Item
        name="password"
        label={editing ? "新密码" : "密码"}
        required={!editing}
        extra={editing ? `留空则不修改。${passwordPolicy()}` : passwordPolicy()}
      >
        <Input.Password autoComplete="new-password" placeholder={editing ? "留空则不修改" : ""} />
      </Form.Item>
      <Form.Item name="roleIds" label="角色" required>
        <TreeSelect<number[]>
          multiple
          treeData={treeData}
          loading={roles.isPending}
          treeDefaultExpandAll
          showSearch={{ treeNodeFilterProp: "title" }}
          placeholder="请选择角色"
          notFoundContent={roles.isError ? "角色加载失败" : undefined}
        />
      </Form.Item>
    </FormModal>
  );
}
