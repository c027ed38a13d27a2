/** 询价单: buyers' inquiries by buyer, shop, state and time; details in a drawer; 关闭 with a reason. */
import { InquiryList } from "@/features/inquiry/InquiryList";

export default function InquiryOrdersPage() {
  return <InquiryList />;
}
