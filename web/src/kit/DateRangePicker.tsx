/**
 * The date range of every list filter: whole days, with the quick ranges 今天, 近7天 and 近30天
 * (each ending today, computed when chosen, so a page left open overnight still means today).
 * The core has no calendar of its own (its time helpers format and schedule), so the days are
 * dayjs's, in the browser's time zone like the picker's own.
 */
import { DatePicker } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import type { ComponentProps } from "react";

/** The quick ranges: a label and how many days, today included. */
export const QUICK_RANGES: readonly { label: string; days: number }[] = [
  { label: "今天", days: 1 },
  { label: "近7天", days: 7 },
  { label: "近30天", days: 30 },
];

/** The last `days` days up to the end of today, from `now`. */
export function lastDays(days: number, now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [now.subtract(days - 1, "day").startOf("day"), now.endOf("day")];
}

const PRESETS = QUICK_RANGES.map(({ label, days }) => ({
  label,
  value: () => lastDays(days),
}));

export type DateRangePickerProps = ComponentProps<typeof DatePicker.RangePicker>;

export function DateRangePicker(props: DateRangePickerProps) {
  return <DatePicker.RangePicker allowEmpty={[false, false]} presets={PRESETS} {...props} />;
}
