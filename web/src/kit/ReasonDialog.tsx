/**
 * Asks why, before a transition the core marks `reason: true`: a reason code from the 数据字典
 * (type `reason_<action>`, enabled entries) and a text, which 其他 (`other`) requires.
 */
import { Form, Input, Modal, Select } from "antd";
import { paging } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { useOpQuery } from "@/kit/queries";

/** What the operator gave as the reason. */
export interface Reason {
  code: string;
  text: string;
}

/** The form's values: the text is empty until typed. */
interface ReasonValues {
  code: string;
  text?: string;
}

/** The code (or label) of the reason that needs the operator's own words. */
const OTHER = new Set(["other", "其他"]);

export interface ReasonDialogProps {
  /** The transition's action, e.g. `freeze`: its codes are the dict type `reason_freeze`. */
  action: string;
  /** The dialog's title, e.g. `冻结店铺 某某`. */
  title: string;
  okText: string;
  onOk: (reason: Reason) => void;
  onCancel: () => void;
}

export function ReasonDialog({ action, title, okText, onOk, onCancel }: ReasonDialogProps) {
  const [form] = Form.useForm<ReasonValues>();
  const codes = useOpQuery(ops.dict.list, {
    type: `reason_${action}`,
    status: "enabled",
    pageSize: paging().maxPageSize,
    sortField: "sort",
    sortOrder: "ascend",
  });
  const options = (codes.data?.list ?? []).map((entry) => ({
    value: entry.key,
    label: entry.label,
  }));
  const code = Form.useWatch("code", form) as string | undefined;
  const label = options.find((o) => o.value === code)?.label;
  const textRequired = code !== undefined && (OTHER.has(code) || OTHER.has(label ?? ""));

  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form<ReasonValues>
        form={form}
        name={`reason_${action}`}
        layout="vertical"
        onFinish={(values) => onOk({ code: values.code, text: (values.text ?? "").trim() })}
      >
        <Form.Item name="code" label="原因" rules={[{ required: true, message: "请选择原因" }]}>
          <Select
            options={options}
            loading={codes.isPending}
            placeholder="请选择"
            notFoundContent={codes.isError ? "原因加载失败" : undefined}
          />
        </Form.Item>
        <Form.Item
          name="text"
          label="说明"
          required={textRequired}
          rules={[
            { required: textRequired, whitespace: true, message: "选择「其他」时请填写说明" },
          ]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
