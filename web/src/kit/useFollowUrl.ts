/**
 * A filter form and the URL it shows. The form follows when the URL's filters change from outside
 * (a status tab, back, a link, a saved view): each field whose value the URL changed takes it, and
 * a field the URL did not change keeps what the operator typed and has not applied yet. Remounting
 * the form on every new URL dropped that text: a name typed and then a tab chosen was gone, and so
 * was one typed while a tab switch was still rendering. Set before paint, so the old value never
 * shows. `toValues` maps the URL's filters to every field's value; keep it stable (module level).
 */
import type { FormInstance } from "antd";
import { useLayoutEffect, useRef } from "react";

type Filters = Partial<Record<string, string>>;

export function useFollowUrl<V extends object>(
  form: FormInstance<V>,
  filters: Filters,
  toValues: (filters: Filters) => V,
): void {
  const shown = useRef(filters);
  useLayoutEffect(() => {
    const before = toValues(shown.current);
    shown.current = filters;
    const next = toValues(filters);
    // Values are strings, ids, [province, city] or dayjs pairs: their JSON tells them apart.
    const changed = namesOf(next).filter(
      (name) => JSON.stringify(before[name]) !== JSON.stringify(next[name]),
    );
    if (changed.length > 0)
      form.setFields(fieldData(changed.map((name) => ({ name, value: next[name] }))));
  }, [form, filters, toValues]);
}

/** 重置: every field cleared (not back to the values the form first showed), its errors too. */
export function clearFields<V extends object>(
  form: FormInstance<V>,
  toValues: (filters: Filters) => V,
): void {
  const empty = toValues({});
  form.setFields(
    fieldData(namesOf(empty).map((name) => ({ name, value: empty[name], errors: [] }))),
  );
}

/** antd types a field's name through conditional types a generic `V` cannot resolve: top-level names. */
function fieldData<V extends object>(
  fields: { name: keyof V & string; value: unknown; errors?: string[] }[],
): Parameters<FormInstance<V>["setFields"]>[0] {
  return fields as Parameters<FormInstance<V>["setFields"]>[0];
}

function namesOf<V extends object>(values: V): (keyof V & string)[] {
  return Object.keys(values) as (keyof V & string)[];
}
