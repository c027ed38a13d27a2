/**
 * 操作日志: who did what to which record, newest first — the operation's label, the operator, the
 * target with a link to its page, and the fields changed before → after. Filters (kept in the URL,
 * `from`/`to` as epoch ms): the time range, the operator and the operation (searchable selects of
 * `audit.options`' system users and labels), the target's kind and part of its name. A row's
 * details; 导出 CSV of the filtered rows.
 */
import { Flex, Select } from "antd";
import { useMemo, useState } from "react";
import { ops, type AuditEntry } from "@/lib/generated/ops";
import { DetailDrawer } from "@/kit/DetailDrawer";
import { FilterForm } from "@/kit/FilterForm";
import { ListTable } from "@/kit/ListTable";
import { useOpQuery } from "@/kit/queries";
import { RowActions } from "@/kit/RowActions";
import { useList } from "@/kit/useList";
import { AUDIT_COLUMNS, type Choice } from "@/features/system/audit/columns";

const NONE: readonly Choice[] = [];

/** A searchable select over `choices`, its value the URL's text (an id or a label). */
function Choices({ choices, width, ...field }: { choices: readonly Choice[]; width: number }) {
  return (
    <Select
      {...field}
      allowClear
      showSearch={{ optionFilterProp: "label" }}
      placeholder="全部"
      options={[...choices]}
      style={{ width }}
    />
  );
}

/** The filters' choices: labels, operators (`昵称（用户名）`) and kinds of target. */
function useChoices() {
  const options = useOpQuery(ops.audit.options, {}).data;
  return useMemo(
    () => ({
      labels: options?.labels.map((label) => ({ value: label, label })) ?? NONE,
      operators:
        options?.operators.map((o) => ({
          value: String(o.id),
          label: `${o.nickname}（${o.username}）`,
        })) ?? NONE,
      targetTypes: options?.targetTypes ?? NONE,
    }),
    [options],
  );
}

export function AuditList() {
  const list = useList(ops.audit.list, AUDIT_COLUMNS);
  const choices = useChoices();
  const controls = useMemo(
    () => ({
      operatorId: <Choices choices={choices.operators} width={200} />,
      label: <Choices choices={choices.labels} width={180} />,
      targetType: <Choices choices={choices.targetTypes} width={140} />,
    }),
    [choices],
  );
  const [detail, setDetail] = useState<AuditEntry>();
  return (
    <Flex vertical gap={16}>
      <FilterForm name="auditFilter" fields={list.fields} table={list.table} controls={controls} />
      <ListTable<AuditEntry>
        exportAs="操作日志"
        noun="操作日志"
        list={list}
        rowKey="id"
        actions={(entry) => (
          <RowActions
            actions={[
              { key: "detail", label: "详情", op: ops.audit.list, run: () => setDetail(entry) },
            ]}
          />
        )}
      />
      <DetailDrawer
        row={detail}
        title={(a) => `操作日志 #${a.id} · ${a.label}`}
        columns={AUDIT_COLUMNS}
        onClose={() => setDetail(undefined)}
      />
    </Flex>
  );
}
