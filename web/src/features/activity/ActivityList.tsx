/**
 * 专题活动: activities filtered by title, state and the days they run; the paged and sortable
 * table (its view in the URL) with each one's banner, period, item count and state; 新建专题 and
 * 编辑 in a dialog; 上线 / 下线 / 重新上线 as the `activity` lifecycle allows (a refusal — no items,
 * an end already past — shown in the gateway's words); 导出 CSV of the filtered activities.
 */
import { Flex } from "antd";
import { useState } from "react";
import { ops, type ActivityRow } from "@/lib/generated/ops";
import { FilterForm } from "@/kit/FilterForm";
import { ListTable } from "@/kit/ListTable";
import { useList } from "@/kit/useList";
import { ActivityFormDialog } from "@/features/activity/ActivityFormDialog";
import { ACTIVITY_COLUMNS } from "@/features/activity/columns";
import { useActivityMoves } from "@/features/activity/moves";
import { CreateButton } from "@/kit/CreateButton";

/** The dialog open: a new activity, or one being edited. */
interface Editing {
  activity?: ActivityRow;
}

export function ActivityList() {
  const list = useList(ops.activity.list, ACTIVITY_COLUMNS);
  const moves = useActivityMoves();
  const [editing, setEditing] = useState<Editing>();

  return (
    <Flex vertical gap={16}>
      <FilterForm name="activityFilter" fields={list.fields} table={list.table} />
      <ListTable<ActivityRow>
        exportAs="专题活动"
        toolbar={
          <CreateButton label="新建专题" op={ops.activity.save} onClick={() => setEditing({})} />
        }
        noun="专题"
        list={list}
        rowKey="id"
        rowActions={(activity) => [
          {
            key: "edit",
            label: "编辑",
            op: ops.activity.save,
            run: () => setEditing({ activity }),
          },
          ...moves.actions(activity),
        ]}
      />
      {editing ? (
        <ActivityFormDialog
          activity={editing.activity}
          onCancel={() => setEditing(undefined)}
          onSaved={() => setEditing(undefined)}
        />
      ) : null}
    </Flex>
  );
}
