/** 广告位管理: ad slots with their size and capacity; create, edit, enable and disable. */
import { AdSlotList } from "@/features/adSlot/AdSlotList";

export default function AdvertisePositionPage() {
  return <AdSlotList />;
}
