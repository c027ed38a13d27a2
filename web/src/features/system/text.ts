/** Cell text: the value, or `-` when there is none. */
export function orDash(value: string | null | undefined): string {
  return value === null || value === undefined || value === "" ? "-" : value;
}
