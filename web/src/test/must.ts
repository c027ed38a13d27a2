/** `value`, which the test knows is there (a row it just made, a fixture's record); throws if not. */
export function must<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error("expected a value");
  return value;
}
