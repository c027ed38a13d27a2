/**
 * 系统用户: the filter form, the paged and sortable table, row actions (edit, disable/enable,
 * delete) and 导出 CSV. The view lives in the URL; writes refresh the list.
 */
import { PlusOutlined } from "@ant-design/icons";
import { App, Button, Flex, Form, Input, Popconfirm, Select, Space, Tag } from "antd";
import type { TableProps } from "antd";
import { useState } from "react";
import { formatTimestamp } from "@/lib/core";
import type { CsvColumn } from "@/features/system/csvExport";
import { DeleteButton } from "@/features/system/DeleteButton";
import { ExportButton } from "@/features/system/ExportButton";
import { FilterForm } from "@/features/system/FilterForm";
import { ListTable, sortOrderOf } from "@/features/system/ListTable";
import { useListQuery, useRefresh, writeRow } from "@/features/system/queries";
import { filterParams } from "@/features/system/tableQuery";
import { API, STATUS_LABEL, type EnabledStatus, type SysUser } from "@/features/system/types";
import { useTableQuery } from "@/features/system/useTableQuery";
import { UserFormModal } from "@/features/system/user/UserFormModal";

const FILTER_KEYS = ["username", "nickname", "status"] as const;
type UserFilters = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

const STATUS_OPTIONS = (Object.keys(STATUS_LABEL) as EnabledStatus[]).map((value) => ({
  value,
  label: STATUS_LABEL[value],
}));

export const USER_CSV_COLUMNS: readonly CsvColumn<SysUser>[] = [
  { title: "ID", value: (u) => String(u.id) },
  { title: "用户名", value: (u) => u.username },
  { title: "昵称", value: (u) => u.nickname },
  { title: "角色", value: (u) => u.roleNames.join("、") },
  { title: "状态", value: (u) => STATUS_LABEL[u.status] },
  { title: "创建时间", value: (u) => formatTimestamp(u.createdAt) },
];

/** The dialog's state: closed, creating, or editing a user. */
type Dialog = { kind: "closed" } | { kind: "create" } | { kind: "edit"; user: SysUser };

export function UserList() {
  const { message } = App.useApp();
  const table = useTableQuery(FILTER_KEYS);
  const list = useListQuery<SysUser>(API.userList, table.params);
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<Dialog>({ kind: "closed" });
  const [busyId, setBusyId] = useState<number>();
  const { query } = table;

  async function setStatus(user: SysUser, status: EnabledStatus) {
    setBusyId(user.id);
    const saved = await writeRow<SysUser>(API.userUpdate, {
      id: user.id,
      version: user.version,
      status,
    });
    setBusyId(undefined);
    if (saved) void message.success(`已${STATUS_LABEL[status]}用户 ${user.username}`);
    await refresh(API.userList);
  }

  async function remove(user: SysUser) {
    setBusyId(user.id);
    const done = await writeRow<{ id: number }>(API.userDelete, {
      id: user.id,
      version: user.version,
    });
    setBusyId(undefined);
    if (done) {
      void message.success(`已删除用户 ${user.username}`);
      // The last row of a later page: show the page before it.
      if (list.data?.list.length === 1 && query.page > 1) table.setPage(query.page - 1);
    }
    await refresh(API.userList);
  }

  const columns: NonNullable<TableProps<SysUser>["columns"]> = [
    {
      title: "用户名",
      dataIndex: "username",
      key: "username",
      sorter: true,
      sortOrder: sortOrderOf(query, "username"),
    },
    {
      title: "昵称",
      dataIndex: "nickname",
      key: "nickname",
      sorter: true,
      sortOrder: sortOrderOf(query, "nickname"),
    },
    {
      title: "角色",
      dataIndex: "roleNames",
      key: "roles",
      render: (names: string[]) =>
        names.length ? names.map((name) => <Tag key={name}>{name}</Tag>) : "-",
    },
    {
      title: "状态",
      dataIndex: "status",
      key: "status",
      sorter: true,
      sortOrder: sortOrderOf(query, "status"),
      render: (status: EnabledStatus) => (
        <Tag color={status === "enabled" ? "success" : "default"}>{STATUS_LABEL[status]}</Tag>
      ),
    },
    {
      title: "创建时间",
      dataIndex: "createdAt",
      key: "createdAt",
      sorter: true,
      sortOrder: sortOrderOf(query, "createdAt"),
      render: (at: number) => formatTimestamp(at),
    },
    {
      title: "操作",
      key: "actions",
      fixed: "right",
      render: (_: unknown, user: SysUser) => (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" onClick={() => setDialog({ kind: "edit", user })}>
            编辑
          </Button>
          {user.status === "enabled" ? (
            <Popconfirm
              title={`停用用户 ${user.username}？`}
              description="停用后该用户无法登录，已登录的会话会被结束。"
              okText="停用"
              cancelText="取消"
              onConfirm={() => void setStatus(user, "disabled")}
            >
              <Button type="link" size="small" loading={busyId === user.id}>
                停用
              </Button>
            </Popconfirm>
          ) : (
            <Button
              type="link"
              size="small"
              loading={busyId === user.id}
              onClick={() => void setStatus(user, "enabled")}
            >
              启用
            </Button>
          )}
          <DeleteButton subject={`用户 ${user.username}`} onConfirm={() => void remove(user)} />
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <FilterForm<UserFilters>
        key={JSON.stringify(query.filters)}
        name="sysUserFilter"
        initialValues={query.filters}
        onSearch={(values) => table.setFilters(values)}
        onReset={() => table.setFilters({})}
      >
        <Form.Item name="username" label="用户名">
          <Input allowClear placeholder="包含" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="nickname" label="昵称">
          <Input allowClear placeholder="包含" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select allowClear placeholder="全部" options={STATUS_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
      </FilterForm>
      <Flex justify="space-between" align="center">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ kind: "create" })}
        >
          新建用户
        </Button>
        <ExportButton<SysUser>
          api={API.userList}
          filters={filterParams(query)}
          base="系统用户"
          columns={USER_CSV_COLUMNS}
        />
      </Flex>
      <ListTable<SysUser, (typeof FILTER_KEYS)[number]>
        noun="系统用户"
        result={list}
        table={table}
        columns={columns}
        rowKey="id"
      />
      {dialog.kind !== "closed" ? (
        <UserFormModal
          user={dialog.kind === "edit" ? dialog.user : undefined}
          onCancel={() => setDialog({ kind: "closed" })}
          onSaved={(saved) => {
            setDialog({ kind: "closed" });
            void message.success(
              dialog.kind === "edit"
                ? `已保存用户 ${saved.username}`
                : `已新建用户 ${saved.username}`,
            );
            void refresh(API.userList, API.userRoleTree);
          }}
        />
      ) : null}
    </Flex>
  );
}
