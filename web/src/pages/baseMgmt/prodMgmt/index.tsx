/** 商品管理: products by title, shop, category, status and price; sale moves, one or in bulk. */
import { ProductList } from "@/features/product/ProductList";

export default function ProdMgmtPage() {
  return <ProductList />;
}
