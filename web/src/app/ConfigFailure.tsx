import { Result } from "antd";
import { AntdConfig } from "@/components/AntdConfig";

/** What the page shows when `config.json` cannot be used: the core's message names the file and value. */
export function ConfigFailure({ message }: { message: string }) {
  return (
    <AntdConfig>
      <main>
        <Result
          status="error"
          // The page's one heading: antd's Result draws its title as a plain block.
          title={<h1 className="config-failure-title">无法启动管理后台</h1>}
          subTitle={<span role="alert">{message}</span>}
        />
      </main>
    </AntdConfig>
  );
}
