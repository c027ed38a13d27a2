import type { FormInstance } from "antd";
import { describe, expect, it, vi } from "vitest";
import { callData } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { clearChangedErrors, showFieldErrors, submitProblem } from "@/kit/formErrors";
import { fail, fakeGateway, type Failure } from "@/test/gateway";

function fakeForm() {
  const setFields = vi.fn();
  return { form: { setFields } as unknown as FormInstance, setFields };
}

const FIELDS = ["username", "password"];

/** What the core's client rejects a save with when the gateway answers `reply`. */
async function saveFailure(reply: Failure): Promise<unknown> {
  fakeGateway().answer(ops.sysUser.create, reply);
  return callData(ops.sysUser.create, {
    username: "li",
    nickname: "李",
    password: "Secret#123",
    roleIds: [2],
  }).then(
    () => expect.fail("the save should have failed"),
    (error: unknown) => error,
  );
}

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
  it("shows a duplicate at its field and nothing above the form", async () => {
    const error = await saveFailure(
      fail("data_duplicate", "用户名 li 已存在", {
        fields: [{ field: "username", message: "用户名 li 已存在" }],
      }),
    );
    const { form, setFields } = fakeForm();
    expect(submitProblem(form, error, FIELDS)).toBeUndefined();
    expect(setFields).toHaveBeenCalledWith([{ name: "username", errors: ["用户名 li 已存在"] }]);
  });

  it("makes a stale version a conflict, with the gateway's text", async () => {
    const error = await saveFailure(fail("data_conflict", "数据已被他人修改，请刷新后重试"));
    const { form, setFields } = fakeForm();
    expect(submitProblem(form, error, FIELDS)).toEqual({
      kind: "conflict",
      message: "数据已被他人修改，请刷新后重试",
    });
    expect(setFields).not.toHaveBeenCalled();
  });

  it("reports anything else, or field errors the form has no field for, as an error", async () => {
    const { form } = fakeForm();
    // No answer set: the connection drops, and the core names it.
    fakeGateway();
    const dropped = await callData(ops.sysUser.list, {}).catch((error: unknown) => error);
    expect(submitProblem(form, dropped, FIELDS)).toEqual({
      kind: "error",
      message: "None response! Please retry.",
    });

    const error = await saveFailure(
      fail("param_invalid", "缺少参数 version", {
        fields: [{ field: "version", message: "缺少参数 version" }],
      }),
    );
    expect(submitProblem(form, error, FIELDS)).toEqual({
      kind: "error",
      message: "缺少参数 version",
    });
  });
});
