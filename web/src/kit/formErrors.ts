/**
 * Field errors on antd forms: the core's validation results before sending, and the gateway's
 * refusals after (a `BizError` described by the core's `errorInfo`). The form and what was typed
 * always stay; what has no field goes to an Alert in the form.
 */
import type { FormInstance } from "antd";
import { errorInfo, type FieldError } from "@/lib/core";

/** What a failed save shows above the form. */
export type SubmitProblem =
  { kind: "conflict"; message: string } | { kind: "error"; message: string };

/**
 * Shows `errors` at their fields (wire names are the form's names). Returns the messages of errors
 * whose field the form does not have, for an Alert.
 */
export function showFieldErrors(
  form: FormInstance,
  errors: readonly FieldError[],
  fieldNames: readonly string[],
): string[] {
  const byField = new Map<string, string[]>();
  const leftover: string[] = [];
  for (const { field, message } of errors) {
    if (fieldNames.includes(field)) {
      byField.set(field, [...(byField.get(field) ?? []), message]);
    } else {
      leftover.push(message);
    }
  }
  form.setFields([...byField].map(([name, messages]) => ({ name, errors: messages })));
  return leftover;
}

/** Clears the errors of the fields the user just changed (antd's `onValuesChange`). */
export function clearChangedErrors(form: FormInstance, changed: object): void {
  const names = Object.keys(changed);
  if (names.length) form.setFields(names.map((name) => ({ name, errors: [] })));
}

/**
 * A failed save: field errors (`param_invalid`, `data_duplicate`) go to their fields; a stale
 * version is a conflict; anything else, or field errors without a field here, is an error message.
 * Returns what to show above the form, or undefined when the fields say it all.
 */
export function submitProblem(
  form: FormInstance,
  error: unknown,
  fieldNames: readonly string[],
): SubmitProblem | undefined {
  const info = errorInfo(error);
  if (info.conflict) return { kind: "conflict", message: info.message };
  if (info.fields.length > 0) {
    const leftover = showFieldErrors(form, info.fields, fieldNames);
    return leftover.length ? { kind: "error", message: leftover.join("；") } : undefined;
  }
  return { kind: "error", message: info.message };
}
