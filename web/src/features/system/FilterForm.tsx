/**
 * A list screen's filter form: 查询 applies the values (back to page 1), 重置 clears them. Its
 * initial values come from the URL; remount it (a `key` of the filters) when the URL changes.
 */
import { SearchOutlined } from "@ant-design/icons";
import { Button, Form, Space } from "antd";
import type { ReactNode } from "react";

export interface FilterFormProps<V extends object> {
  /** The form's name: prefixes the inputs' ids (unique on the page). */
  name: string;
  initialValues: Partial<V>;
  onSearch: (values: V) => void;
  onReset: () => void;
  children: ReactNode;
}

export function FilterForm<V extends object>({
  name,
  initialValues,
  onSearch,
  onReset,
  children,
}: FilterFormProps<V>) {
  const [form] = Form.useForm<V>();
  return (
    <Form<V>
      form={form}
      name={name}
      layout="inline"
      initialValues={initialValues}
      onFinish={onSearch}
      style={{ rowGap: 12 }}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
