import { isNullOrEmpty } from "@/lib/core";

/** Cell text: the value, or `-` when the core's null-or-empty test says there is none. */
export function orDash(value: string | null | undefined): string {
  return isNullOrEmpty(value) || value === null || value === undefined ? "-" : value;
}

/** A value as text: empty for null or undefined, `String` otherwise. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(textOf).join("、");
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}
