/** A read's error state (a list, a record, a panel): what went wrong, in the core's words, and a retry. */
import { Alert, Button } from "antd";
import { errorInfo } from "@/lib/core";

export function ListError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={errorInfo(error).message}
      action={
        <Button size="small" onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}
