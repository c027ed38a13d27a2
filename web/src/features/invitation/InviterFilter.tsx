/**
 * 邀请管理's inviter filter: a picker of the members who invited someone, searched by nickname or
 * phone (`invitation.inviters`, guarded by this screen's menu) — never an id typed. Its value is
 * the URL's `inviterId` text; an inviter arriving by link (用户详情's 邀请记录) is shown by the name
 * the list's rows carry.
 */
import { readId } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { PickSelect } from "@/kit/PickSelect";

export interface InviterFilterProps {
  /** The inviter's id as the URL holds it. */
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
  /** The inviter's name when the URL names one (from the rows the filter brought). */
  initial?: { id: number; name: string };
}

/** A positive integer id from the URL, else none. */

export function InviterFilter({ value, onChange, id, initial }: InviterFilterProps) {
  return (
    <PickSelect
      op={ops.invitation.inviters}
      kind="member"
      id={id}
      value={readId(value)}
      initial={initial}
      onChange={(next) => onChange?.(next === undefined ? undefined : String(next))}
      placeholder="搜索昵称或手机号"
      width={220}
    />
  );
}
