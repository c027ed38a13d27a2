/**
 * A field of a FormDialog, marked from the core's rule for it: label, required mark, the hint
 * under it, and the length counter or number bounds on its control. No screen restates a rule.
 * An error takes the hint's place, as Material's helper text does: the error says the same, more
 * precisely (the password policy, then what this password lacks), and neither the eye nor a
 * screen reader should get both.
 */
import { Form, Input, InputNumber } from "antd";
import { createContext, use, type ReactNode } from "react";
import type { FieldRule, FormRules } from "@/lib/core";

export const FormRulesContext = createContext<FormRules>({ fields: [] });

export interface FormFieldProps {
  /** The field's wire name, as the core's rules name it. */
  name: string;
  /** The control when no `children` are given. */
  input?: "text" | "textarea" | "number" | "password";
  placeholder?: string;
  /** The label when the core's form has no rule for the field (a parent picker), or a screen's
   * own wording of it. */
  label?: string;
  /** The hint when the core's form has none for the field. */
  hint?: string;
  /** `checked` for a Switch. */
  valuePropName?: string;
  /** A control of the screen's own (a Select, a TreeSelect). */
  children?: ReactNode;
}

function control(rule: FieldRule, input: FormFieldProps["input"], placeholder?: string) {
  const count = rule.maxLength !== undefined ? { show: true, max: rule.maxLength } : undefined;
  switch (input) {
    case "textarea":
      return <Input.TextArea rows={2} count={count} placeholder={placeholder} />;
    case "number":
      return <InputNumber min={rule.min} max={rule.max} precision={0} style={{ width: 160 }} />;
    case "password":
      return <Input.Password autoComplete="new-password" placeholder={placeholder} />;
    default:
      return <Input autoComplete="off" count={count} placeholder={placeholder} />;
  }
}

export function FormField({
  name,
  input = "text",
  placeholder,
  label,
  hint,
  valuePropName,
  children,
}: FormFieldProps) {
  const rules = use(FormRulesContext);
  const rule = rules.fields.find((f) => f.field === name) ?? {
    field: name,
    label: label ?? name,
    required: false,
  };
  const shown = rule.hint ?? hint;
  const field = (extra: string | undefined) => (
    <Form.Item
      name={name}
      label={label ?? rule.label}
      required={rule.required}
      extra={extra}
      valuePropName={valuePropName}
    >
      {children ?? control(rule, input, placeholder)}
    </Form.Item>
  );
  if (shown === undefined) return field(undefined);
  // `shouldUpdate` renders again whenever the form's errors change.
  return (
    <Form.Item noStyle shouldUpdate>
      {(form) => field(form.getFieldError(name).length > 0 ? undefined : shown)}
    </Form.Item>
  );
}
