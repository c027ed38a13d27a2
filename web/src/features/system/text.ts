import { isNullOrEmpty } from "@/lib/core";

/** Cell text: the value, or `-` when the core's null-or-empty test says there is none. */
export function orDash(value: string | null | undefined): string {
  return isNullOrEmpty(value) || value === null || value === undefined ? "-" : value;
}
