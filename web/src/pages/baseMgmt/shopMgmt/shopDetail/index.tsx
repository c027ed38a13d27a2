/** 店铺详情: one shop's profile, owner, 操作记录, products and inquiries, and its state actions. */
import { ShopDetail } from "@/features/shop/ShopDetail";

export default function ShopDetailPage() {
  return <ShopDetail />;
}
