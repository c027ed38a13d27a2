/**
 * The first screen's error view: the login or layout chunk failed to load, or threw while rendering
 * (`lazyRoute`'s boundary). It lives in the first chunk, so it is drawn with the first screen's own
 * parts (no Result illustrations): the core's message, `重试` and `刷新页面`. Laid out with plain flex
 * boxes: antd's Flex was a chunk of its own (1 KB gzipped) on the login page for two rows.
 */
import { CloseCircleFilled } from "@ant-design/icons";
import { Button, theme } from "antd";
import { errorInfo } from "@/lib/core";

export interface FirstScreenErrorProps {
  error: unknown;
  onRetry: () => void;
}

export function FirstScreenError({ error, onRetry }: FirstScreenErrorProps) {
  const { token } = theme.useToken();
  const info = errorInfo(error);
  return (
    <div
      role="alert"
      style={{
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        gap: 16,
        padding: "64px 24px",
        textAlign: "center",
        color: token.colorText,
      }}
    >
      <CloseCircleFilled style={{ fontSize: 64, color: token.colorError }} />
      <h1 style={{ margin: 0, fontSize: 24, fontWeight: 500 }}>
        {info.name === "ChunkLoadError" ? "页面加载失败" : "页面出错了"}
      </h1>
      <div style={{ color: token.colorTextSecondary }}>{info.message}</div>
      <div style={{ display: "flex", gap: 8 }}>
        <Button type="primary" onClick={onRetry}>
          重试
        </Button>
        <Button onClick={() => window.location.reload()}>刷新页面</Button>
      </div>
    </div>
  );
}
