/** 在线用户: who is signed in, and 强制下线. */
import { OnlineList } from "@/features/system/online/OnlineList";

export default function SystemOnlinePage() {
  return <OnlineList />;
}
