/** Unsaved edits are never thrown away without a word: `放弃未保存的修改？` first. */
import { App } from "antd";
import { useCallback } from "react";

export const DISCARD_TITLE = "放弃未保存的修改？";

/**
 * `ask(dirty, discard)`: runs `discard` at once when nothing is unsaved, else after the operator
 * confirms 放弃修改 (继续编辑 keeps everything as it is).
 */
export function useDiscardGuard(): (dirty: boolean, discard: () => void) => void {
  const { modal } = App.useApp();
  return useCallback(
    (dirty, discard) => {
      if (!dirty) {
        discard();
        return;
      }
      void modal.confirm({
        title: DISCARD_TITLE,
        content: "填写或勾选的内容尚未保存，放弃后将不再保留。",
        okText: "放弃修改",
        okButtonProps: { danger: true },
        cancelText: "继续编辑",
        onOk: discard,
      });
    },
    [modal],
  );
}
