/**
 * A list screen's filter form, made from the column specs' filter fields: 查询 applies the values
 * (back to page 1), 重置 clears them. It shows what the URL says, and follows when the URL changes
 * (`useFollowUrl`: only the fields the URL changed, so what is being typed elsewhere stays).
 * A screen may give a text field a control of its own (`controls`, by field name: a picker whose
 * value is the URL's text, such as 询价单's shop picker). A region is a province → city cascader
 * of the regions that exist (its two URL keys); a date range has the quick ranges 今天, 近7天 and
 * 近30天 (`DateRangePicker`). No filter asks for an id or a name typed exactly. Where the core has
 * rules for the filter (`rules`), 查询 checks the typed fields first and shows what is wrong
 * under the field, instead of searching for what could match nothing.
 */
import { SearchOutlined } from "@ant-design/icons";
import { Button, Cascader, Form, Input, Select, Space } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useCallback, type ReactElement } from "react";
import { validate, type Form as RulesForm } from "@/lib/core";
import type { Region } from "@/lib/generated/ops";
import type { FilterField } from "@/kit/columns";
import { DateRangePicker } from "@/kit/DateRangePicker";
import { clearFields, useFollowUrl } from "@/kit/useFollowUrl";
import type { TableQueryState } from "@/kit/useTableQuery";
import { useFormName } from "@/kit/formName";

type Range = [Dayjs | null, Dayjs | null] | null;
type FormValues = Record<string, string | Range | string[] | undefined>;
type Filters = Partial<Record<string, string>>;

/** The URL's filters as the form's values. */
function toFormValues(fields: readonly FilterField[], filters: Filters): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    if (field.kind === "dateRange") {
      const [from, to] = field.keys.map((key) => Number(filters[key] ?? NaN));
      values[field.name] =
        from !== undefined && to !== undefined && Number.isFinite(from) && Number.isFinite(to)
          ? [dayjs(from), dayjs(to)]
          : null;
    } else if (field.kind === "region") {
      const [province, city] = field.keys.map((key) => filters[key]);
      values[field.name] = province ? (city ? [province, city] : [province]) : undefined;
    } else {
      values[field.name] = filters[field.name];
    }
  }
  return values;
}

/** The form's values as the URL's filters. */
function toFilters(fields: readonly FilterField[], values: FormValues): Filters {
  const filters: Filters = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === "dateRange") {
      const [start, end] = Array.isArray(value) ? value : [null, null];
      const [fromKey, toKey] = field.keys;
      if (dayjs.isDayjs(start)) filters[fromKey] = String(start.startOf("day").valueOf());
      if (dayjs.isDayjs(end)) filters[toKey] = String(end.endOf("day").valueOf());
    } else if (field.kind === "region") {
      const [province, city] = Array.isArray(value) ? value : [];
      const [provinceKey, cityKey] = field.keys;
      if (typeof province === "string") filters[provinceKey] = province;
      if (typeof city === "string") filters[cityKey] = city;
    } else if (typeof value === "string") {
      filters[field.name] = value;
    }
  }
  return filters;
}

/** Chinese place names in the order people look them up in: by pinyin (安徽, 北京, 福建, …). */
const PINYIN = new Intl.Collator("zh-CN");

/** A region cascader's options: each province, then its cities, by pinyin. */
function regionOptions(regions: readonly Region[]) {
  return [...regions]
    .sort((a, b) => PINYIN.compare(a.province, b.province))
    .map(({ province, cities }) => ({
      value: province,
      label: province,
      children: [...cities]
        .sort((a, b) => PINYIN.compare(a, b))
        .map((city) => ({ value: city, label: city })),
    }));
}

function control(field: FilterField) {
  switch (field.kind) {
    case "text":
      return (
        <Input allowClear placeholder={field.placeholder} style={{ width: field.width ?? 160 }} />
      );
    case "select":
      return (
        <Select
          allowClear
          placeholder={field.placeholder ?? "全部"}
          options={[...field.options]}
          style={{ width: field.width ?? 120 }}
        />
      );
    case "dateRange":
      // 今天 / 近7天 / 近30天 for every list's range.
      return <DateRangePicker />;
    case "region":
      return (
        <Cascader
          allowClear
          changeOnSelect
          showSearch
          placeholder={field.placeholder ?? "省份 / 城市"}
          options={regionOptions(field.regions)}
          style={{ width: field.width ?? 180 }}
        />
      );
  }
}

export interface FilterFormProps<K extends string> {
  /** The form's name: prefixes the inputs' ids (unique on the page). */
  name: string;
  fields: readonly FilterField[];
  table: TableQueryState<K>;
  /** Controls replacing fields' own, by field name (value and onChange carry the URL's text). */
  controls?: Readonly<Partial<Record<string, ReactElement>>>;
  /** The core's rules for the typed fields (`memberFilter`), checked before 查询 applies them. */
  rules?: RulesForm;
}

export function FilterForm<K extends string>({
  name,
  fields,
  table,
  controls,
  rules,
}: FilterFormProps<K>) {
  const [form] = Form.useForm<FormValues>();
  const formName = useFormName(name);
  const filters = table.query.filters as Filters;
  const toValues = useCallback((f: Filters) => toFormValues(fields, f), [fields]);
  useFollowUrl(form, filters, toValues);
  return (
    <Form<FormValues>
      form={form}
      name={formName}
      layout="inline"
      initialValues={toFormValues(fields, filters)}
      onFinish={(values) => {
        const filters = toFilters(fields, values);
        if (rules) {
          const errors = validate(rules, filters);
          form.setFields(
            fields.map((field) => ({
              name: field.name,
              errors: errors.filter((e) => e.field === field.name).map((e) => e.message),
            })),
          );
          if (errors.length > 0) return;
        }
        table.setFilters(filters);
      }}
      style={{ rowGap: 12 }}
    >
      {fields.map((field) => (
        <Form.Item key={field.name} name={field.name} label={field.label}>
          {controls?.[field.name] ?? control(field)}
        </Form.Item>
      ))}
      <FilterButtons
        onReset={() => {
          clearFields(form, toValues);
          table.setFilters({});
        }}
      />
    </Form>
  );
}

/** How every filter form ends: 查询 (the form's submit) and 重置 (`onReset` clears the fields). */
export function FilterButtons({ onReset }: { onReset: () => void }) {
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查询
        </Button>
        <Button onClick={onReset}>重置</Button>
      </Space>
    </Form.Item>
  );
}
