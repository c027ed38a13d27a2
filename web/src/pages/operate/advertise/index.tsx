/** 广告管理: ads by slot, state and period; create and edit; enable within the slot's capacity. */
import { AdList } from "@/features/ad/AdList";

export default function AdvertisePage() {
  return <AdList />;
}
