/**
 * 新增 / 编辑字典项: type, key, label, value, sort, remark, status; saved through
 * `mtop.admin.dict.save` (with `id` and `version` when editing). The core's `validateDict` is the
 * very rule the gateway applies before writing.
 */
import { Form, Input, InputNumber, Radio } from "antd";
import { fieldLimits, validateDict, type DictForm } from "@/lib/core";
import { FormModal } from "@/features/system/FormModal";
import { saveForm } from "@/features/system/queries";
import { API, STATUS_LABEL, type DictEntry, type EnabledStatus } from "@/features/system/types";

interface DictFormValues {
  type: string;
  key: string;
  label: string;
  value: string;
  sort: number | null;
  remark: string;
  status: EnabledStatus;
}

const LIMITS = fieldLimits();

const FIELDS = ["type", "key", "label", "value", "sort", "remark", "status"] as const;

/** The values as the core's rule and the gateway read them. */
function toForm(v: DictFormValues): DictForm {
  return {
    type: v.type,
    key: v.key,
    label: v.label,
    value: v.value,
    sort: v.sort ?? 0,
    remark: v.remark || undefined,
  };
}

export interface DictFormModalProps {
  entry?: DictEntry;
  /** A new entry's type (the current type filter). */
  type?: string;
  onSaved: (entry: DictEntry) => void;
  onCancel: () => void;
}

export function DictFormModal({ entry, type, onSaved, onCancel }: DictFormModalProps) {
  const editing = entry !== undefined;
  return (
    <FormModal<DictFormValues, DictEntry>
      title={editing ? `编辑字典项 ${entry.type} / ${entry.key}` : "新增字典项"}
      name="dictForm"
      fieldNames={FIELDS}
      initialValues={{
        type: entry?.type ?? type ?? "",
        key: entry?.key ?? "",
        label: entry?.label ?? "",
        value: entry?.value ?? "",
        sort: entry?.sort ?? 0,
        remark: entry?.remark ?? "",
        status: entry?.status ?? "enabled",
      }}
      validate={(v) => validateDict(toForm(v))}
      submit={(v) =>
        saveForm<DictEntry>(API.dictSave, {
          ...(entry ? { id: entry.id, version: entry.version } : {}),
          ...toForm(v),
          status: v.status,
        })
      }
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <Form.Item
        name="type"
        label="字典类型"
        required
        extra="同一类型的字典项构成一组，如 shop_level"
      >
        <Input autoComplete="off" count={{ show: true, max: LIMITS.dictCode.max }} />
      </Form.Item>
      <Form.Item name="key" label="键" required>
        <Input autoComplete="off" count={{ show: true, max: LIMITS.dictCode.max }} />
      </Form.Item>
      <Form.Item name="label" label="标签" required>
        <Input autoComplete="off" count={{ show: true, max: LIMITS.dictLabel.max }} />
      </Form.Item>
      <Form.Item name="value" label="值" required>
        <Input autoComplete="off" count={{ show: true, max: LIMITS.dictValue.max }} />
      </Form.Item>
      <Form.Item name="sort" label="排序">
        <InputNumber
          min={LIMITS.sort.min}
          max={LIMITS.sort.max}
          precision={0}
          style={{ width: 160 }}
        />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea rows={2} count={{ show: true, max: LIMITS.remark.max }} />
      </Form.Item>
      <Form.Item name="status" label="状态">
        <Radio.Group
          options={(Object.keys(STATUS_LABEL) as EnabledStatus[]).map((value) => ({
            value,
            label: STATUS_LABEL[value],
          }))}
        />
      </Form.Item>
    </FormModal>
  );
}
