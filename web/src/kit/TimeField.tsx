/**
 * A date-and-time control whose form value is epoch ms (the wire's times), for a form's `startAt`
 * / `endAt`: the core's rules and the gateway read numbers, people read `YYYY-MM-DD HH:mm`.
 */
import { DatePicker } from "antd";
import dayjs from "dayjs";

export interface TimeFieldProps {
  value?: number | null;
  onChange?: (ms: number | undefined) => void;
  id?: string;
  "aria-label"?: string;
  placeholder?: string;
}

export function TimeField({
  value,
  onChange,
  id,
  "aria-label": ariaLabel,
  placeholder = "选择日期和时间",
}: TimeFieldProps) {
  return (
    <DatePicker
      id={id}
      aria-label={ariaLabel}
      showTime={{ format: "HH:mm" }}
      format="YYYY-MM-DD HH:mm"
      placeholder={placeholder}
      value={typeof value === "number" ? dayjs(value) : null}
      onChange={(picked) =>
        onChange?.(picked ? picked.second(0).millisecond(0).valueOf() : undefined)
      }
      style={{ width: 220 }}
    />
  );
}
