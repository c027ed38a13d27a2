/**
 * A member's moves: the core's `member` lifecycle says which (封禁 with a reason and what it means,
 * 解封 at once) and what each sends; the list and 用户详情 name the member the same way.
 */
import type { MemberRow } from "@/lib/generated/ops";
import { useMoves, type Moves } from "@/kit/moves";

const subject = (member: MemberRow) => `用户 ${member.nickname}`;

export function useMemberMoves(): Moves<MemberRow> {
  return useMoves({ entity: "member", subject });
}
