/** The placeholder of a screen whose issue has not landed yet: never an error, names the screen. */
import { ToolOutlined } from "@ant-design/icons";
import { Result } from "antd";

export function UnderConstruction({ alias }: { alias: string }) {
  const subject = alias ? `「${alias}」` : "该页面";
  return (
    <Result icon={<ToolOutlined />} title="建设中" subTitle={`${subject}正在建设中，敬请期待`} />
  );
}
