/**
 * 专题详情 (`?id=`): the activity's banner and facts with the same actions as the list (编辑, 上线 /
 * 下线 as the `activity` lifecycle allows), its shops and products in order (added, removed and
 * reordered; see ActivityItems), and 操作记录.
 */
import { Card, Descriptions, Flex, Typography } from "antd";
import { useState } from "react";
import { ops } from "@/lib/generated/ops";
import { cellNode } from "@/kit/columns";
import { DetailPage, useIdParam } from "@/kit/DetailPage";
import { HistoryTimeline } from "@/kit/HistoryTimeline";
import { useOpQuery } from "@/kit/queries";
import { RowActions } from "@/kit/RowActions";
import { StatusTag, stateFor } from "@/kit/StatusTag";
import { ActivityFormDialog } from "@/features/activity/ActivityFormDialog";
import { ActivityItems } from "@/features/activity/ActivityItems";
import { ACTIVITY_COLUMNS, BannerThumb } from "@/features/activity/columns";
import { useActivityMoves } from "@/features/activity/moves";

/** The facts shown: every column but the banner (shown large) and the title (the page's). */
const FACTS = ACTIVITY_COLUMNS.filter((spec) => spec.detail !== false && spec.key !== "title");

export function ActivityDetail() {
  const id = useIdParam();
  const query = useOpQuery(ops.activity.detail, { id: id ?? 0 }, { enabled: id !== undefined });
  const moves = useActivityMoves();
  const [editing, setEditing] = useState(false);
  const detail = query.data;
  const activity = detail?.activity;

  return (
    <DetailPage
      history="activity"
      noun="专题"
      backTo="activityList"
      id={id}
      query={query}
      title={activity?.title}
      tags={activity ? <StatusTag state={stateFor("activity", activity.status)} /> : null}
      extra={
        activity ? (
          <RowActions
            actions={[
              { key: "edit", label: "编辑", op: ops.activity.save, run: () => setEditing(true) },
              ...moves.actions(activity),
            ]}
          />
        ) : null
      }
    >
      {detail && activity ? (
        <Flex vertical gap={16}>
          <Card title="专题信息">
            <Flex gap={24} align="flex-start" wrap>
              <BannerThumb activity={activity} width={360} />
              <Descriptions
                style={{ flex: 1, minWidth: 320 }}
                column={{ xs: 1, md: 2 }}
                size="small"
                items={[
                  ...FACTS.map((spec) => ({
                    key: spec.key,
                    label: spec.title,
                    children: cellNode(spec, activity),
                  })),
                  {
                    key: "description",
                    label: "专题说明",
                    span: "filled" as const,
                    children: activity.description ? (
                      <Typography.Paragraph style={{ margin: 0, whiteSpace: "pre-wrap" }}>
                        {activity.description}
                      </Typography.Paragraph>
                    ) : (
                      "-"
                    ),
                  },
                ]}
              />
            </Flex>
          </Card>
          <ActivityItems query={query} detail={detail} />
          <Card title="操作记录">
            <HistoryTimeline entity="activity" id={activity.id} />
          </Card>
        </Flex>
      ) : null}
      {editing && activity ? (
        <ActivityFormDialog
          activity={activity}
          onCancel={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      ) : null}
    </DetailPage>
  );
}
