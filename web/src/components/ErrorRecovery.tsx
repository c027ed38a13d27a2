/** The recovery view for a page that could not load or render: retry, or reload the document. */
import { Button, Result } from "antd";
import { errorInfo } from "@/lib/core";

export interface ErrorRecoveryProps {
  error: unknown;
  onRetry: () => void;
  onReload?: () => void;
}

export function ErrorRecovery({ error, onRetry, onReload }: ErrorRecoveryProps) {
  const info = errorInfo(error);
  const title = info.name === "ChunkLoadError" ? "页面加载失败" : "页面出错了";
  return (
    <Result
      status="error"
      title={title}
      subTitle={info.message}
      extra={[
        <Button key="retry" type="primary" onClick={onRetry}>
          重试
        </Button>,
        <Button key="reload" onClick={onReload ?? (() => window.location.reload())}>
          刷新页面
        </Button>,
      ]}
    />
  );
}
