/**
 * 商机查看's filter form: title, state (the `opportunity` lifecycle's), category (the tree; the
 * operation includes its descendants) and the period submitted in — whole days, kept in the URL
 * as epoch ms like the kit's FilterForm. 查询 applies (back to page 1), 重置 clears; the form shows
 * what the URL says and follows when it changes (`useFollowUrl`: only the fields the URL changed).
 */
import { Form, Input, Select } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { lifecycle, readId } from "@/lib/core";
import { CategoryTreeSelect } from "@/kit/CategoryTreeSelect";
import { DateRangePicker } from "@/kit/DateRangePicker";
import type { TableQueryState } from "@/kit/useTableQuery";
import { FilterButtons } from "@/kit/FilterForm";
import { clearFields, useFollowUrl } from "@/kit/useFollowUrl";
import { useFormName } from "@/kit/formName";

type Range = [Dayjs | null, Dayjs | null] | null;

interface FilterValues {
  title?: string;
  state?: string;
  categoryId?: number;
  period?: Range;
}

type Filters = Partial<Record<string, string>>;

const STATES = lifecycle("opportunity").states.map((s) => ({ value: s.code, label: s.label }));

/** A positive integer id from the URL, else none. */

function toValues(filters: Filters): FilterValues {
  const from = Number(filters.from ?? NaN);
  const to = Number(filters.to ?? NaN);
  return {
    title: filters.title,
    state: filters.state,
    categoryId: readId(filters.categoryId),
    period: Number.isFinite(from) && Number.isFinite(to) ? [dayjs(from), dayjs(to)] : null,
  };
}

function toFilters(values: FilterValues): Filters {
  const [start, end] = values.period ?? [null, null];
  return {
    title: values.title,
    state: values.state,
    categoryId: values.categoryId?.toString(),
    from: start ? String(start.startOf("day").valueOf()) : undefined,
    to: end ? String(end.endOf("day").valueOf()) : undefined,
  };
}

export interface OpportunityFilterProps {
  table: TableQueryState<string>;
}

export function OpportunityFilter({ table }: OpportunityFilterProps) {
  const filters: Filters = table.query.filters;
  const [form] = Form.useForm<FilterValues>();
  useFollowUrl(form, filters, toValues);
  const formName = useFormName("opportunityFilter");
  return (
    <Form<FilterValues>
      form={form}
      name={formName}
      layout="inline"
      initialValues={toValues(filters)}
      onFinish={(values) => table.setFilters(toFilters(values))}
      style={{ rowGap: 12 }}
    >
      <Form.Item name="title" label="商机标题">
        <Input allowClear placeholder="标题包含" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="state" label="状态">
        <Select allowClear placeholder="全部" options={STATES} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="categoryId" label="类目">
        <CategoryTreeSelect />
      </Form.Item>
      <Form.Item name="period" label="提交时间">
        <DateRangePicker />
      </Form.Item>
      <FilterButtons
        onReset={() => {
          clearFields(form, toValues);
          table.setFilters({});
        }}
      />
    </Form>
  );
}
