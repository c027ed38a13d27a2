/** The 403 / 404 / 500 pages' body: an antd Result with a way back home. */
import { Button, Result } from "antd";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";

export type ExceptionStatus = "403" | "404" | "500";

const SUBTITLES: Readonly<Record<ExceptionStatus, string>> = {
  "403": "抱歉，您无权访问此页面",
  "404": "抱歉，您访问的页面不存在",
  "500": "抱歉，服务器出错了",
};

export function ExceptionResult({ status, hint }: { status: ExceptionStatus; hint?: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={status}
      subTitle={
        <>
          <div>{SUBTITLES[status]}</div>
          {hint ? <div>{hint}</div> : null}
        </>
      }
      extra={
        <Button type="primary" onClick={() => void navigate("/")}>
          返回首页
        </Button>
      }
    />
  );
}
