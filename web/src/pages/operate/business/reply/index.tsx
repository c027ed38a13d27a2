/** 商机回复: approved opportunities beside their reply thread; the operator's reply; 关闭 with a reason. */
import { ReplyDesk } from "@/features/opportunity/ReplyDesk";

export default function ReplyPage() {
  return <ReplyDesk />;
}
