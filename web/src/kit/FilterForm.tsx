/**
 * A list screen's filter form, made from the column specs' filter fields: 查询 applies the values
 * (back to page 1), 重置 clears them. It shows what the URL says, and follows when the URL changes.
 */
import { SearchOutlined } from "@ant-design/icons";
import { Button, DatePicker, Form, Input, Select, Space } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import type { FilterField } from "@/kit/columns";
import type { TableQueryState } from "@/kit/useTableQuery";

type Range = [Dayjs | null, Dayjs | null] | null;
type FormValues = Record<string, string | Range | undefined>;
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
      if (start) filters[fromKey] = String(start.startOf("day").valueOf());
      if (end) filters[toKey] = String(end.endOf("day").valueOf());
    } else if (typeof value === "string") {
      filters[field.name] = value;
    }
  }
  return filters;
}

/** Quick ranges, relative to today (computed when the picker renders). */
function presets(): { label: string; value: [Dayjs, Dayjs] }[] {
  const today = dayjs();
  return [
    { label: "今天", value: [today.startOf("day"), today.endOf("day")] },
    { label: "最近7天", value: [today.subtract(6, "day").startOf("day"), today.endOf("day")] },
    { label: "最近30天", value: [today.subtract(29, "day").startOf("day"), today.endOf("day")] },
  ];
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
      return <DatePicker.RangePicker allowEmpty={[false, false]} presets={presets()} />;
  }
}

export interface FilterFormProps<K extends string> {
  /** The form's name: prefixes the inputs' ids (unique on the page). */
  name: string;
  fields: readonly FilterField[];
  table: TableQueryState<K>;
}

export function FilterForm<K extends string>({ name, fields, table }: FilterFormProps<K>) {
  const filters = table.query.filters as Filters;
  // A new URL (back, a link) remounts the form with its values.
  return <FilterFormBody key={JSON.stringify(filters)} {...{ name, fields, table, filters }} />;
}

function FilterFormBody<K extends string>({
  name,
  fields,
  table,
  filters,
}: FilterFormProps<K> & { filters: Filters }) {
  const [form] = Form.useForm<FormValues>();
  return (
    <Form<FormValues>
      form={form}
      name={name}
      layout="inline"
      initialValues={toFormValues(fields, filters)}
      onFinish={(values) => table.setFilters(toFilters(fields, values))}
      style={{ rowGap: 12 }}
    >
      {fields.map((field) => (
        <Form.Item key={field.name} name={field.name} label={field.label}>
          {control(field)}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              table.setFilters({});
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
