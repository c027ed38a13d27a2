/**
 * STAND-IN for three functions the core is about to export (issue 8): `lifecycle(entity)`,
 * `actions(entity, state)` and `rules(form)`, with their signatures and shapes. The kit and the
 * screens import them from here; when `@/lib/core` exports them, this file is deleted and the
 * imports switch to `@/lib/core`. Until then the tables below restate the core's rules (status
 * labels, field limits from `fieldLimits()`, the password policy from `passwordPolicy()`).
 */
import { fieldLimits, passwordPolicy } from "@/lib/core";

/** How a state shows: antd Tag / Badge colours. */
export type Tone = "success" | "processing" | "warning" | "error" | "default";

/** A state of an entity's lifecycle. */
export interface LifecycleState {
  code: string;
  label: string;
  tone: Tone;
}

/** A move between states: `action` names it, `op` does it, `reason` asks the operator why. */
export interface Transition {
  from: string;
  to: string;
  action: string;
  op: string;
  reason: boolean;
}

export interface Lifecycle {
  states: LifecycleState[];
  transitions: Transition[];
}

/** A form field's rule: what the form marks and shows; the core's `validate` checks it. */
export interface FieldRule {
  field: string;
  label: string;
  required: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  hint?: string;
}

export interface FormRules {
  fields: FieldRule[];
}

const ENABLED_DISABLED = (op: string): Lifecycle => ({
  states: [
    { code: "enabled", label: "启用", tone: "success" },
    { code: "disabled", label: "停用", tone: "default" },
  ],
  transitions: [
    { from: "enabled", to: "disabled", action: "disable", op, reason: false },
    { from: "disabled", to: "enabled", action: "enable", op, reason: false },
  ],
});

const LIFECYCLES: Readonly<Record<string, Lifecycle>> = {
  sysUser: ENABLED_DISABLED("sysUser.update"),
  dict: ENABLED_DISABLED("dict.save"),
};

/** The lifecycle of `entity` (`sysUser`, `dict`). */
export function lifecycle(entity: string): Lifecycle {
  return LIFECYCLES[entity] ?? { states: [], transitions: [] };
}

/** The transitions allowed from `state`. */
export function actions(entity: string, state: string): Transition[] {
  return lifecycle(entity).transitions.filter((t) => t.from === state);
}

function formTable(): Readonly<Record<string, FieldRule[]>> {
  const l = fieldLimits();
  const policy = passwordPolicy();
  const f = (field: string, label: string, rest: Partial<FieldRule> = {}): FieldRule => ({
    field,
    label,
    required: false,
    ...rest,
  });
  const nickname = f("nickname", "昵称", { required: true, maxLength: l.nickname.max });
  const roleIds = f("roleIds", "角色", { required: true });
  return {
    dict: [
      f("type", "字典类型", {
        required: true,
        maxLength: l.dictCode.max,
        hint: "同一类型的字典项构成一组，如 shop_level",
      }),
      f("key", "键", { required: true, maxLength: l.dictCode.max }),
      f("label", "标签", { required: true, maxLength: l.dictLabel.max }),
      f("value", "值", { required: true, maxLength: l.dictValue.max }),
      f("sort", "排序", { min: l.sort.min, max: l.sort.max }),
      f("remark", "备注", { maxLength: l.remark.max }),
      f("status", "状态"),
    ],
    role: [
      f("parentId", "上级角色", { hint: "不选则为顶级角色" }),
      f("name", "角色名称", { required: true, maxLength: l.label.max }),
      f("remark", "备注", { maxLength: l.remark.max }),
    ],
    menu: [
      f("parentId", "上级菜单", { hint: "不选则为顶级菜单" }),
      f("alias", "菜单名称", { required: true, maxLength: l.label.max }),
      f("name", "路由名称", {
        required: true,
        hint: "路由路径（不含开头的 /），如 baseMgmt/shopMgmt；只能包含字母、数字、_ 和 -",
      }),
      f("icon", "图标", { hint: "antd 图标名，如 ShopOutlined；可留空" }),
      f("visible", "在菜单中显示"),
      f("sort", "排序", { min: l.sort.min, max: l.sort.max, hint: "同级菜单按数值从小到大排列" }),
      f("access", "权限标识"),
    ],
    sysUserCreate: [
      f("username", "用户名", {
        required: true,
        maxLength: l.username.max,
        hint: `字母开头，${l.username.min}-${l.username.max}位`,
      }),
      nickname,
      f("password", "密码", { required: true, hint: policy }),
      roleIds,
    ],
    sysUserUpdate: [
      nickname,
      f("password", "新密码", { hint: `留空则不修改。${policy}` }),
      roleIds,
    ],
  };
}

/** The fields of form `form` (`dict`, `role`, `menu`, `sysUserCreate`, `sysUserUpdate`). */
export function rules(form: string): FormRules {
  return { fields: formTable()[form] ?? [] };
}
