/** 删除 in a table row: a danger link that asks first, since a delete cannot be undone. */
import { Button, Popconfirm } from "antd";

export interface DeleteButtonProps {
  /** What is deleted, e.g. `用户 zhangsan` (the question reads `删除用户 zhangsan？`). */
  subject: string;
  onConfirm: () => void;
}

export function DeleteButton({ subject, onConfirm }: DeleteButtonProps) {
  return (
    <Popconfirm
      title={`删除${subject}？`}
      description="删除后不可恢复。"
      okText="删除"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      onConfirm={onConfirm}
    >
      <Button type="link" size="small" danger>
        删除
      </Button>
    </Popconfirm>
  );
}
