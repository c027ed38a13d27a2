/**
 * 询价单's shop filter: a picker of the shops that were asked (`inquiry.shops`, guarded by this
 * screen's menu, so an operator without 店铺管理 can pick one). Its value is the URL's `shopId`
 * text; a shop arriving by link (店铺详情's 查看全部询价, a row's shop) is shown by its name, looked up
 * through the same read (digits find a shop by its id).
 */
import { readId } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { PickSelect } from "@/kit/PickSelect";
import { useOpQuery } from "@/kit/queries";

export interface ShopFilterProps {
  /** The shop's id as the URL holds it. */
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
}

/** A positive integer id from the URL, else none. */

export function ShopFilter({ value, onChange, id }: ShopFilterProps) {
  const shopId = readId(value);
  const named = useOpQuery(
    ops.inquiry.shops,
    { kind: "shop", keyword: String(shopId) },
    { enabled: shopId !== undefined, quiet: true },
  );
  const shop = named.data?.find((item) => item.id === shopId);
  return (
    <PickSelect
      op={ops.inquiry.shops}
      kind="shop"
      id={id}
      value={shopId}
      initial={shop ? { id: shop.id, name: shop.name } : undefined}
      onChange={(next) => onChange?.(next === undefined ? undefined : String(next))}
      placeholder="搜索店铺名称"
      width={220}
    />
  );
}
