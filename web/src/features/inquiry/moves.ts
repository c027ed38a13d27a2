/**
 * An inquiry's moves, as the core's `inquiry` lifecycle allows them: 关闭 (待报价 or 已报价 →
 * 已关闭) asks why with the `reason_inquiry_close` codes and says what closing means, in the
 * dialog, which shows a refusal (a stale version, a state moved meanwhile) and keeps what was
 * typed. The list and the drawer name the inquiry the same way.
 */
import { useCallback, useMemo } from "react";
import type { InquiryRow } from "@/lib/generated/ops";
import { useMoves } from "@/kit/moves";
import type { RowAction } from "@/kit/RowActions";

/** An inquiry as a move starts from it: its state is the lifecycle's `status`. */
type InquiryMove = InquiryRow & { status: string };

const subject = (inquiry: InquiryMove) => `询价单 #${inquiry.id}`;

export interface InquiryMoves {
  /** The row actions the lifecycle allows for `inquiry`. */
  actions: (inquiry: InquiryRow) => RowAction[];
}

export function useInquiryMoves(): InquiryMoves {
  const moves = useMoves({ entity: "inquiry", subject });
  const actions = useCallback(
    (inquiry: InquiryRow) => moves.actions({ ...inquiry, status: inquiry.state }),
    [moves],
  );
  return useMemo(() => ({ actions }), [actions]);
}
