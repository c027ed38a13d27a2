/**
 * Drafts in the browser: written per user, form and record as typed; another user never reads
 * them; older than the core's `draftDays` they are gone; restored into the form; a submit clears.
 */
import { act, renderHook } from "@testing-library/react";
import { Form } from "antd";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useDraft } from "@/kit/drafts";
import { constants } from "@/lib/core";
import { ADMIN, signIn } from "@/test/menuTree";

function draftOf(name: string, initial: object = {}) {
  return renderHook(() => {
    const [form] = Form.useForm();
    return { form, draft: useDraft(form, name, initial) };
  });
}

describe("useDraft", () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => vi.useRealTimers());

  it("offers what was typed to the same user only, and restores it", () => {
    const first = draftOf("reply:41");
    act(() => first.result.current.draft.keep({ content: "三家源头工厂", picked: { a: 1 } }));
    expect(draftOf("reply:41").result.current.draft.offered?.values).toEqual({
      content: "三家源头工厂",
    });
    // Another record's form, another user: nothing.
    expect(draftOf("reply:42").result.current.draft.offered).toBeUndefined();
    signIn({ ...ADMIN, id: 2 });
    expect(draftOf("reply:41").result.current.draft.offered).toBeUndefined();
  });

  it(`drops drafts older than ${constants().draftDays} days, and a submit clears one`, () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const typed = draftOf("sysUserForm:new");
    act(() => typed.result.current.draft.keep({ nickname: "小王" }));
    vi.setSystemTime(Date.now() + constants().draftDays * 24 * 3600 * 1000 - 1000);
    expect(draftOf("sysUserForm:new").result.current.draft.offered).toBeDefined();
    vi.setSystemTime(Date.now() + 2000);
    expect(draftOf("sysUserForm:new").result.current.draft.offered).toBeUndefined();

    const again = draftOf("sysUserForm:new");
    act(() => again.result.current.draft.keep({ nickname: "小李" }));
    act(() => again.result.current.draft.clear());
    expect(draftOf("sysUserForm:new").result.current.draft.offered).toBeUndefined();
  });

  it("is no draft when it equals what the form opens with", () => {
    const typed = draftOf("sysUserForm:7", { nickname: "小王" });
    act(() => typed.result.current.draft.keep({ nickname: "小王" }));
    expect(draftOf("sysUserForm:7", { nickname: "小王" }).result.current.draft.offered).toBe(
      undefined,
    );
    const restored = draftOf("sysUserForm:7", { nickname: "旧名" });
    act(() => restored.result.current.draft.restore());
    expect(restored.result.current.form.getFieldValue("nickname")).toBe("小王");
  });
});
