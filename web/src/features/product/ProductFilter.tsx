/**
 * 商品管理's filter form: title, shop, category (its descendants included by the operation) and a
 * price range typed in yuan — the core reads it as fen (`yuanToFen`), which is what the URL and the
 * operation hold. 查询 applies (back to page 1, the status tab kept), 重置 clears all but the tab.
 * The form shows what the URL says and follows when it changes (`useFollowUrl`: only the fields
 * the URL changed).
 */
import { Form, Input, Space } from "antd";
import { formatFen, validate, yuanToFen, readId } from "@/lib/core";
import { CategoryTreeSelect } from "@/kit/CategoryTreeSelect";
import type { TableQueryState } from "@/kit/useTableQuery";
import { FilterButtons } from "@/kit/FilterForm";
import { clearFields, useFollowUrl } from "@/kit/useFollowUrl";
import { ShopSelect } from "@/features/product/ShopSelect";
import type { ProductFilterKey } from "@/features/product/useProductList";
import { useFormName } from "@/kit/formName";

interface FilterValues {
  title?: string;
  shopId?: number;
  categoryId?: number;
  priceMin?: string;
  priceMax?: string;
}

type Filters = Partial<Record<ProductFilterKey, string>>;

const PRICE_FIELDS = ["priceMin", "priceMax"] as const;

/** A positive integer id from the URL, else none. */

/** Fen from the URL as the form shows it (`¥12.50`, which the core reads back). */
function yuanOf(text: string | undefined): string | undefined {
  const fen = Number(text);
  return text !== undefined && Number.isSafeInteger(fen) ? formatFen(fen) : text;
}

function toValues(filters: Filters): FilterValues {
  return {
    title: filters.title,
    shopId: readId(filters.shopId),
    categoryId: readId(filters.categoryId),
    priceMin: yuanOf(filters.priceMin),
    priceMax: yuanOf(filters.priceMax),
  };
}

export interface ProductFilterProps {
  table: TableQueryState<ProductFilterKey>;
}

export function ProductFilter({ table }: ProductFilterProps) {
  const filters = table.query.filters;
  const [form] = Form.useForm<FilterValues>();
  useFollowUrl(form, filters, toValues);
  const formName = useFormName("productFilter");

  function apply(values: FilterValues) {
    // The core reads the amounts and judges the range (Form::PriceRange); the form shows it.
    const prices = { priceMin: values.priceMin ?? "", priceMax: values.priceMax ?? "" };
    const errors = validate("priceRange", prices);
    form.setFields(
      PRICE_FIELDS.map((name) => ({
        name,
        errors: errors.filter((e) => e.field === name).map((e) => e.message),
      })),
    );
    if (errors.length > 0) return;
    const fen = (text: string) => (text.trim() === "" ? undefined : yuanToFen(text)?.toString());
    table.setFilters({
      status: filters.status,
      title: values.title,
      shopId: values.shopId?.toString(),
      categoryId: values.categoryId?.toString(),
      priceMin: fen(prices.priceMin),
      priceMax: fen(prices.priceMax),
    });
  }

  return (
    <Form<FilterValues>
      form={form}
      name={formName}
      layout="inline"
      initialValues={toValues(filters)}
      onFinish={apply}
      style={{ rowGap: 12 }}
    >
      <Form.Item name="title" label="商品标题">
        <Input allowClear placeholder="标题关键字" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="shopId" label="店铺">
        <ShopSelect />
      </Form.Item>
      <Form.Item name="categoryId" label="类目">
        <CategoryTreeSelect />
      </Form.Item>
      <Form.Item label="价格（元）" style={{ marginInlineEnd: 0 }}>
        <Space.Compact>
          <Form.Item name="priceMin" noStyle>
            <Input aria-label="最低价（元）" placeholder="最低" allowClear style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="priceMax" noStyle>
            <Input aria-label="最高价（元）" placeholder="最高" allowClear style={{ width: 110 }} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <FilterButtons
        onReset={() => {
          clearFields(form, toValues);
          table.setFilters({ status: filters.status });
        }}
      />
    </Form>
  );
}
