/**
 * An inquiry's moves, as the core's `inquiry` lifecycle allows them: 关闭 (待报价 or 已报价 →
 * 已关闭) asks why with the `reason_inquiry_close` codes and says what closing means, in the
 * dialog, which shows a refusal (a stale version, a state moved meanwhile) and keeps what was
 * typed. The list and the drawer name the inquiry the same way.
 */
import type { InquiryRow } from "@/lib/generated/ops";
import { useMoves, type Moves } from "@/kit/moves";

const subject = (inquiry: InquiryRow) => `询价单 #${inquiry.id}`;
/** An inquiry calls its state `state`. */
const stateOf = (inquiry: InquiryRow) => inquiry.state;

export function useInquiryMoves(): Moves<InquiryRow> {
  return useMoves({ entity: "inquiry", subject, stateOf });
}
