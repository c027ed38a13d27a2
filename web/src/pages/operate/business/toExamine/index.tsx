/** 商机审核: pending opportunities, the longest waiting first; 通过, 驳回 with a reason, 批量通过. */
import { ReviewQueue } from "@/features/opportunity/ReviewQueue";

export default function ToExaminePage() {
  return <ReviewQueue />;
}
