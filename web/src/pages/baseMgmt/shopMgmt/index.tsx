/** 店铺管理: shops, their review queue, their states and the trend of new and active shops. */
import { ShopList } from "@/features/shop/ShopList";

export default function ShopMgmtPage() {
  return <ShopList />;
}
