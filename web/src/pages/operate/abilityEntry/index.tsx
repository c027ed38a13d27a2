/** 功能入口: the home page's shortcut entries, their order, visibility and details. */
import { EntryList } from "@/features/entry/EntryList";

export default function AbilityEntryPage() {
  return <EntryList />;
}
