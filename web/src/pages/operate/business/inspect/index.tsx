/** 商机查看: every opportunity by state, category and period; details in a drawer. */
import { OpportunityList } from "@/features/opportunity/OpportunityList";

export default function InspectPage() {
  return <OpportunityList />;
}
