import zhCN from "antd/es/locale/zh_CN";
import { describe, expect, it } from "vitest";
import { firstScreenLocale } from "@/components/AntdBase";

describe("the first screen's locale", () => {
  it("is antd's own zh_CN, as far as it goes", () => {
    // The login page's password field reads global.show / global.hide (显示 / 隐藏): a newer antd
    // that changes or adds a global text must change it here too.
    expect(firstScreenLocale).toEqual({ locale: zhCN.locale, global: zhCN.global });
  });
});
