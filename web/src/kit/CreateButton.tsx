/**
 * A screen's 新建 button (新建用户, 新建广告): the primary button with a plus, offered by the
 * command palette as one of the shown page's actions.
 */
import { PlusOutlined } from "@ant-design/icons";
import { Button, type ButtonProps } from "antd";
import { usePageAction } from "@/stores/pageActions";

export interface CreateButtonProps {
  /** What it says, e.g. `新建用户`. */
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** `primary` unless the screen has a more important action. */
  type?: ButtonProps["type"];
}

export function CreateButton({ label, onClick, disabled, type = "primary" }: CreateButtonProps) {
  usePageAction(label, onClick, !disabled);
  return (
    <Button type={type} icon={<PlusOutlined />} disabled={disabled} onClick={onClick}>
      {label}
    </Button>
  );
}
