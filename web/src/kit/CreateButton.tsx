/**
 * A screen's 新建 button (新建用户, 新建广告): the primary button with a plus, offered by the
 * command palette as one of the shown page's actions. Neither shown nor offered to a user who may
 * not create through its operation (按钮权限).
 */
import { PlusOutlined } from "@ant-design/icons";
import { Button, type ButtonProps } from "antd";
import type { Op } from "@/lib/generated/ops";
import { useMay } from "@/kit/access";
import { usePageAction } from "@/stores/pageActions";

export interface CreateButtonProps {
  /** What it says, e.g. `新建用户`. */
  label: string;
  /** The operation that creates the record (a save without an id). */
  op: Op;
  onClick: () => void;
  disabled?: boolean;
  /** `primary` unless the screen has a more important action. */
  type?: ButtonProps["type"];
}

export function CreateButton({
  label,
  op,
  onClick,
  disabled,
  type = "primary",
}: CreateButtonProps) {
  const may = useMay()(op, true);
  usePageAction(label, onClick, may && !disabled);
  if (!may) return null;
  return (
    <Button type={type} icon={<PlusOutlined />} disabled={disabled} onClick={onClick}>
      {label}
    </Button>
  );
}
