/** 专题详情: an activity's facts and actions, its shops and products in order, 操作记录. */
import { ActivityDetail } from "@/features/activity/ActivityDetail";

export default function ThematicDetailsPage() {
  return <ActivityDetail />;
}
