/** 广告位详情: a slot, its ads in display order and its occupancy over the coming weeks. */
import { AdSlotDetail } from "@/features/adSlot/AdSlotDetail";

export default function AdvertisePositionDetailPage() {
  return <AdSlotDetail />;
}
