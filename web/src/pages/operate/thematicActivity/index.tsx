/** 专题活动: activities by state and time; create and edit; online and offline. */
import { ActivityList } from "@/features/activity/ActivityList";

export default function ThematicActivityPage() {
  return <ActivityList />;
}
