/** 商品详情: images, prices, shop, category path, description, sale moves and 操作记录. */
import { ProductDetail } from "@/features/product/ProductDetail";

export default function ProdDetailPage() {
  return <ProductDetail />;
}
