import type { FormInstance } from "antd";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { errorInfo } from "@/lib/core";
import { clearChangedErrors, showFieldErrors, submitProblem } from "@/kit/formErrors";

vi.mock("@/lib/core", () => import("@/test/fakeCore").then((m) => m.fakeCore()));

function fakeForm() {
  const setFields = vi.fn();
  return { form: { setFields } as unknown as FormInstance, setFields };
}

const FIELDS = ["username", "password"];

describe("showFieldErrors", () => {
  it("puts errors at their fields, grouped, and returns the rest", () => {
    const { form, setFields } = fakeForm();
    const leftover = showFieldErrors(
      form,
      [
        { field: "password", message: "太短" },
        { field: "password", message: "太简单" },
        { field: "status", message: "不能停用当前登录的用户" },
      ],
      FIELDS,
    );
    expect(setFields).toHaveBeenCalledWith([{ name: "password", errors: ["太短", "太简单"] }]);
    expect(leftover).toEqual(["不能停用当前登录的用户"]);
  });
});

describe("clearChangedErrors", () => {
  it("clears the errors of the fields that changed", () => {
    const { form, setFields } = fakeForm();
    clearChangedErrors(form, { username: "li" });
    expect(setFields).toHaveBeenCalledWith([{ name: "username", errors: [] }]);
    setFields.mockClear();
    clearChangedErrors(form, {});
    expect(setFields).not.toHaveBeenCalled();
  });
});

describe("submitProblem", () => {
  beforeEach(() => vi.mocked(errorInfo).mockReset());

  it("shows a duplicate at its field and nothing above the form", () => {
    vi.mocked(errorInfo).mockReturnValue({
      name: "BizError",
      code: "data_duplicate",
      conflict: false,
      message: "用户名 li 已存在",
      fields: [{ field: "username", message: "用户名 li 已存在" }],
    });
    const { form, setFields } = fakeForm();
    expect(submitProblem(form, new Error("x"), FIELDS)).toBeUndefined();
    expect(setFields).toHaveBeenCalledWith([{ name: "username", errors: ["用户名 li 已存在"] }]);
  });

  it("makes a stale version a conflict, with the gateway's text", () => {
    vi.mocked(errorInfo).mockReturnValue({
      name: "BizError",
      code: "data_conflict",
      conflict: true,
      message: "数据已被他人修改，请刷新后重试",
      fields: [],
    });
    const { form, setFields } = fakeForm();
    expect(submitProblem(form, new Error("x"), FIELDS)).toEqual({
      kind: "conflict",
      message: "数据已被他人修改，请刷新后重试",
    });
    expect(setFields).not.toHaveBeenCalled();
  });

  it("reports anything else, or field errors the form has no field for, as an error", () => {
    vi.mocked(errorInfo).mockReturnValueOnce({
      name: "NoResponseError",
      code: "NO_RESPONSE",
      conflict: false,
      message: "None response! Please retry.",
      fields: [],
    });
    const { form } = fakeForm();
    expect(submitProblem(form, new Error("x"), FIELDS)).toEqual({
      kind: "error",
      message: "None response! Please retry.",
    });
    vi.mocked(errorInfo).mockReturnValueOnce({
      name: "BizError",
      code: "param_invalid",
      conflict: false,
      message: "缺少参数 version",
      fields: [{ field: "version", message: "缺少参数 version" }],
    });
    expect(submitProblem(form, new Error("x"), FIELDS)).toEqual({
      kind: "error",
      message: "缺少参数 version",
    });
  });
});
