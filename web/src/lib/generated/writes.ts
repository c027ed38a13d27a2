// Generated from core-wasm's operation catalogue (core-wasm/src/ops) by
// `UPDATE_GENERATED=1 cargo test -p core-wasm --test generated`. Do not edit: `make test`
// fails when this file differs from what the catalogue generates.
/* eslint-disable */

import type { Operations } from "./ops";

/** What a write changes: its label (toasts, the audit log) and the reads it makes stale. */
export interface WriteDeclaration {
  readonly label: string;
  readonly stale: readonly (keyof Operations)[];
  /**
   * It changes the signed-in user's own menus (the shell fetches their tree again): `always`,
   * or `self` when its `id` is theirs.
   */
  readonly menus?: "always" | "self";
  /**
   * 按钮权限: the codes any one of which lets the caller in (`create`: without an `id`, a save's
   * 新增; `other`: every other call). Absent: a session call, open to every signed-in user.
   */
  readonly may?: { readonly create: readonly string[]; readonly other: readonly string[] };
}

/** Every write's declaration, by its `api`. */
export const writes: Partial<Record<keyof Operations, WriteDeclaration>> = {
  "mtop.admin.user.login": { label: "登录", stale: ["mtop.admin.session.list", "mtop.admin.loginLog.list"] },
  "mtop.admin.user.logout": { label: "退出登录", stale: ["mtop.admin.session.list"] },
  "mtop.admin.user.updateProfile": { label: "修改个人资料", stale: ["mtop.admin.session.list", "mtop.admin.user.current", "mtop.admin.user.menuTree", "mtop.admin.user.qryMenuTree", "mtop.admin.user.list", "mtop.admin.audit.options", "mtop.admin.view.list"] },
  "mtop.admin.user.changePassword": { label: "修改密码", stale: ["mtop.admin.session.list", "mtop.admin.user.current", "mtop.admin.user.menuTree", "mtop.admin.user.qryMenuTree", "mtop.admin.user.list", "mtop.admin.audit.options", "mtop.admin.view.list"] },
  "mtop.admin.session.revoke": { label: "强制下线", stale: ["mtop.admin.session.list"], may: { create: ["system/online:revoke"], other: ["system/online:revoke"] } },
  "mtop.admin.user.create": { label: "新建系统用户", stale: ["mtop.admin.user.list", "mtop.admin.session.list", "mtop.admin.user.qryMenuTree", "mtop.admin.user.current", "mtop.admin.user.menuTree", "mtop.admin.audit.options", "mtop.admin.view.list"], may: { create: ["system/user:create"], other: ["system/user:create"] } },
  "mtop.admin.user.update": { label: "编辑系统用户", stale: ["mtop.admin.user.list", "mtop.admin.session.list", "mtop.admin.user.qryMenuTree", "mtop.admin.user.current", "mtop.admin.user.menuTree", "mtop.admin.audit.options", "mtop.admin.view.list"], menus: "self", may: { create: ["system/user:edit"], other: ["system/user:edit"] } },
  "mtop.admin.user.delete": { label: "删除系统用户", stale: ["mtop.admin.user.list", "mtop.admin.session.list", "mtop.admin.user.qryMenuTree", "mtop.admin.user.current", "mtop.admin.user.menuTree", "mtop.admin.audit.options", "mtop.admin.view.list"], may: { create: ["system/user:delete"], other: ["system/user:delete"] } },
  "mtop.admin.user.unlock": { label: "解锁系统用户", stale: ["mtop.admin.user.list"], may: { create: ["system/user:unlock"], other: ["system/user:unlock"] } },
  "mtop.admin.user.saveRole": { label: "保存角色", stale: ["mtop.admin.user.roleTree", "mtop.admin.user.qryRoleTree", "mtop.admin.user.list", "mtop.admin.user.qryMenuTree", "mtop.admin.user.current", "mtop.admin.user.menuTree"], menus: "always", may: { create: ["system/role:create"], other: ["system/role:edit"] } },
  "mtop.admin.user.deleteRole": { label: "删除角色", stale: ["mtop.admin.user.roleTree", "mtop.admin.user.qryRoleTree", "mtop.admin.user.list", "mtop.admin.user.qryMenuTree", "mtop.admin.user.current", "mtop.admin.user.menuTree"], menus: "always", may: { create: ["system/role:delete"], other: ["system/role:delete"] } },
  "mtop.admin.user.updateMenuRole": { label: "保存角色权限", stale: ["mtop.admin.user.qryMenuTree", "mtop.admin.user.menuTree", "mtop.admin.user.roleTree", "mtop.admin.user.current", "mtop.admin.user.list", "mtop.admin.user.qryRoleTree"], menus: "always", may: { create: ["system/permission:edit"], other: ["system/permission:edit"] } },
  "mtop.admin.user.saveMenu": { label: "保存菜单", stale: ["mtop.admin.user.qryMenuTree", "mtop.admin.user.menuTree", "mtop.admin.user.current"], menus: "always", may: { create: ["system/menu:create"], other: ["system/menu:edit"] } },
  "mtop.admin.user.deleteMenu": { label: "删除菜单", stale: ["mtop.admin.user.qryMenuTree", "mtop.admin.user.menuTree", "mtop.admin.user.current"], menus: "always", may: { create: ["system/menu:delete"], other: ["system/menu:delete"] } },
  "mtop.admin.dict.save": { label: "保存字典项", stale: ["mtop.admin.dict.list", "mtop.admin.reason.list"], may: { create: ["system/dict:create"], other: ["system/dict:edit"] } },
  "mtop.admin.dict.delete": { label: "删除字典项", stale: ["mtop.admin.dict.list", "mtop.admin.reason.list"], may: { create: ["system/dict:delete"], other: ["system/dict:delete"] } },
  "mtop.admin.shop.audit": { label: "审核店铺", stale: ["mtop.admin.shop.list", "mtop.admin.shop.stats", "mtop.admin.shop.detail", "mtop.admin.shop.impact", "mtop.admin.shop.regions", "mtop.admin.history.list", "mtop.admin.dashboard.stats", "mtop.admin.dashboard.badges", "mtop.admin.activity.candidates", "mtop.admin.activity.detail", "mtop.admin.ad.list", "mtop.admin.ad.targets", "mtop.admin.adSlot.detail", "mtop.admin.belt.detail", "mtop.admin.belt.list", "mtop.admin.inquiry.detail", "mtop.admin.inquiry.list", "mtop.admin.inquiry.shops", "mtop.admin.member.detail", "mtop.admin.member.list", "mtop.admin.opportunity.detail", "mtop.admin.product.detail", "mtop.admin.product.list", "mtop.admin.recommend.candidates", "mtop.admin.recommend.list"], may: { create: ["baseMgmt/shopMgmt:audit"], other: ["baseMgmt/shopMgmt:audit"] } },
  "mtop.admin.shop.setStatus": { label: "变更店铺状态", stale: ["mtop.admin.shop.list", "mtop.admin.shop.stats", "mtop.admin.shop.detail", "mtop.admin.shop.impact", "mtop.admin.shop.regions", "mtop.admin.history.list", "mtop.admin.dashboard.stats", "mtop.admin.dashboard.badges", "mtop.admin.activity.candidates", "mtop.admin.activity.detail", "mtop.admin.ad.list", "mtop.admin.ad.targets", "mtop.admin.adSlot.detail", "mtop.admin.belt.detail", "mtop.admin.belt.list", "mtop.admin.category.tree", "mtop.admin.inquiry.detail", "mtop.admin.inquiry.list", "mtop.admin.inquiry.shops", "mtop.admin.member.detail", "mtop.admin.member.list", "mtop.admin.opportunity.detail", "mtop.admin.product.detail", "mtop.admin.product.list", "mtop.admin.recommend.candidates", "mtop.admin.recommend.list"], may: { create: ["baseMgmt/shopMgmt:status"], other: ["baseMgmt/shopMgmt:status"] } },
  "mtop.admin.product.setStatus": { label: "变更商品状态", stale: ["mtop.admin.product.list", "mtop.admin.product.detail", "mtop.admin.history.list", "mtop.admin.shop.detail", "mtop.admin.activity.candidates", "mtop.admin.activity.detail", "mtop.admin.ad.list", "mtop.admin.adSlot.detail", "mtop.admin.category.tree", "mtop.admin.dashboard.stats", "mtop.admin.inquiry.detail", "mtop.admin.inquiry.list", "mtop.admin.member.detail", "mtop.admin.shop.impact"], may: { create: ["baseMgmt/prodMgmt:status"], other: ["baseMgmt/prodMgmt:status"] } },
  "mtop.admin.category.save": { label: "保存类目", stale: ["mtop.admin.category.tree", "mtop.admin.product.list", "mtop.admin.member.detail", "mtop.admin.opportunity.detail", "mtop.admin.opportunity.list", "mtop.admin.product.detail", "mtop.admin.shop.detail"], may: { create: ["baseMgmt/classifyMgmt:create"], other: ["baseMgmt/classifyMgmt:edit"] } },
  "mtop.admin.category.sort": { label: "调整类目顺序", stale: ["mtop.admin.category.tree", "mtop.admin.member.detail", "mtop.admin.opportunity.detail", "mtop.admin.opportunity.list", "mtop.admin.product.detail", "mtop.admin.product.list", "mtop.admin.shop.detail"], may: { create: ["baseMgmt/classifyMgmt:sort"], other: ["baseMgmt/classifyMgmt:sort"] } },
  "mtop.admin.category.delete": { label: "删除类目", stale: ["mtop.admin.category.tree", "mtop.admin.member.detail", "mtop.admin.opportunity.detail", "mtop.admin.opportunity.list", "mtop.admin.product.detail", "mtop.admin.product.list", "mtop.admin.shop.detail"], may: { create: ["baseMgmt/classifyMgmt:delete"], other: ["baseMgmt/classifyMgmt:delete"] } },
  "mtop.admin.member.setStatus": { label: "变更用户状态", stale: ["mtop.admin.member.list", "mtop.admin.member.detail", "mtop.admin.history.list", "mtop.admin.belt.detail", "mtop.admin.inquiry.detail", "mtop.admin.inquiry.list", "mtop.admin.invitation.inviters", "mtop.admin.invitation.list", "mtop.admin.opportunity.detail", "mtop.admin.opportunity.list", "mtop.admin.shop.detail", "mtop.admin.shop.list"], may: { create: ["baseMgmt/userMgmt:status"], other: ["baseMgmt/userMgmt:status"] } },
  "mtop.admin.contact.reveal": { label: "查看完整号码", stale: [], may: { create: ["baseMgmt/shopMgmt:reveal", "baseMgmt/userMgmt:reveal"], other: ["baseMgmt/shopMgmt:reveal", "baseMgmt/userMgmt:reveal"] } },
  "mtop.admin.belt.save": { label: "保存产业带", stale: ["mtop.admin.belt.list", "mtop.admin.belt.detail", "mtop.admin.belt.regions", "mtop.admin.shop.list", "mtop.admin.shop.detail"], may: { create: ["operate/industrialBelt:create"], other: ["operate/industrialBelt:edit"] } },
  "mtop.admin.belt.delete": { label: "删除产业带", stale: ["mtop.admin.belt.list", "mtop.admin.belt.detail", "mtop.admin.belt.regions", "mtop.admin.shop.list", "mtop.admin.shop.detail"], may: { create: ["operate/industrialBelt:delete"], other: ["operate/industrialBelt:delete"] } },
  "mtop.admin.file.upload": { label: "上传图片", stale: [] },
  "mtop.admin.adSlot.save": { label: "保存广告位", stale: ["mtop.admin.adSlot.list", "mtop.admin.adSlot.detail", "mtop.admin.ad.list", "mtop.admin.history.list"], may: { create: ["operate/advertise/advertisePosition:create"], other: ["operate/advertise/advertisePosition:edit"] } },
  "mtop.admin.adSlot.setStatus": { label: "变更广告位状态", stale: ["mtop.admin.adSlot.list", "mtop.admin.adSlot.detail", "mtop.admin.ad.list", "mtop.admin.history.list"], may: { create: ["operate/advertise/advertisePosition:status"], other: ["operate/advertise/advertisePosition:status"] } },
  "mtop.admin.adSlot.delete": { label: "删除广告位", stale: ["mtop.admin.adSlot.list", "mtop.admin.adSlot.detail", "mtop.admin.ad.list", "mtop.admin.history.list"], may: { create: ["operate/advertise/advertisePosition:delete"], other: ["operate/advertise/advertisePosition:delete"] } },
  "mtop.admin.ad.save": { label: "保存广告", stale: ["mtop.admin.dashboard.stats", "mtop.admin.ad.list", "mtop.admin.adSlot.list", "mtop.admin.adSlot.detail", "mtop.admin.history.list", "mtop.admin.shop.impact"], may: { create: ["operate/advertise:create"], other: ["operate/advertise:edit"] } },
  "mtop.admin.ad.setStatus": { label: "变更广告状态", stale: ["mtop.admin.dashboard.stats", "mtop.admin.ad.list", "mtop.admin.adSlot.list", "mtop.admin.adSlot.detail", "mtop.admin.history.list", "mtop.admin.shop.impact"], may: { create: ["operate/advertise:status"], other: ["operate/advertise:status"] } },
  "mtop.admin.ad.sort": { label: "调整广告顺序", stale: ["mtop.admin.dashboard.stats", "mtop.admin.ad.list", "mtop.admin.adSlot.detail", "mtop.admin.adSlot.list", "mtop.admin.history.list", "mtop.admin.shop.impact"], may: { create: ["operate/advertise:sort"], other: ["operate/advertise:sort"] } },
  "mtop.admin.ad.delete": { label: "删除广告", stale: ["mtop.admin.dashboard.stats", "mtop.admin.ad.list", "mtop.admin.adSlot.list", "mtop.admin.adSlot.detail", "mtop.admin.history.list", "mtop.admin.shop.impact"], may: { create: ["operate/advertise:delete"], other: ["operate/advertise:delete"] } },
  "mtop.admin.activity.save": { label: "保存专题活动", stale: ["mtop.admin.activity.list", "mtop.admin.activity.detail", "mtop.admin.history.list", "mtop.admin.shop.impact"], may: { create: ["operate/thematicActivity:create"], other: ["operate/thematicActivity:edit"] } },
  "mtop.admin.activity.setStatus": { label: "变更专题活动状态", stale: ["mtop.admin.activity.list", "mtop.admin.activity.detail", "mtop.admin.history.list", "mtop.admin.shop.impact"], may: { create: ["operate/thematicActivity:status", "operate/thematicDetails:status"], other: ["operate/thematicActivity:status", "operate/thematicDetails:status"] } },
  "mtop.admin.activity.saveItems": { label: "保存专题活动商品", stale: ["mtop.admin.activity.list", "mtop.admin.activity.detail", "mtop.admin.history.list", "mtop.admin.shop.impact"], may: { create: ["operate/thematicDetails:edit"], other: ["operate/thematicDetails:edit"] } },
  "mtop.admin.entry.save": { label: "保存功能入口", stale: ["mtop.admin.entry.list"], may: { create: ["operate/abilityEntry:create"], other: ["operate/abilityEntry:edit"] } },
  "mtop.admin.entry.sort": { label: "调整功能入口顺序", stale: ["mtop.admin.entry.list"], may: { create: ["operate/abilityEntry:sort"], other: ["operate/abilityEntry:sort"] } },
  "mtop.admin.entry.delete": { label: "删除功能入口", stale: ["mtop.admin.entry.list"], may: { create: ["operate/abilityEntry:delete"], other: ["operate/abilityEntry:delete"] } },
  "mtop.admin.recommend.save": { label: "保存首页推荐", stale: ["mtop.admin.recommend.list", "mtop.admin.shop.impact"], may: { create: ["operate/homeRecommend:create"], other: ["operate/homeRecommend:edit"] } },
  "mtop.admin.recommend.delete": { label: "删除首页推荐", stale: ["mtop.admin.recommend.list", "mtop.admin.shop.impact"], may: { create: ["operate/homeRecommend:delete"], other: ["operate/homeRecommend:delete"] } },
  "mtop.admin.recommend.sort": { label: "调整首页推荐顺序", stale: ["mtop.admin.recommend.list", "mtop.admin.shop.impact"], may: { create: ["operate/homeRecommend:sort"], other: ["operate/homeRecommend:sort"] } },
  "mtop.admin.inquiry.close": { label: "关闭询价单", stale: ["mtop.admin.inquiry.list", "mtop.admin.inquiry.detail", "mtop.admin.inquiry.shops", "mtop.admin.history.list", "mtop.admin.dashboard.stats", "mtop.admin.member.detail", "mtop.admin.shop.detail", "mtop.admin.shop.impact"], may: { create: ["operate/inquiryOrders:status"], other: ["operate/inquiryOrders:status"] } },
  "mtop.admin.opportunity.audit": { label: "审核商机", stale: ["mtop.admin.opportunity.list", "mtop.admin.opportunity.detail", "mtop.admin.history.list", "mtop.admin.dashboard.stats", "mtop.admin.dashboard.badges", "mtop.admin.member.detail"], may: { create: ["operate/business/toExamine:audit"], other: ["operate/business/toExamine:audit"] } },
  "mtop.admin.opportunity.reply": { label: "回复商机", stale: ["mtop.admin.opportunity.list", "mtop.admin.opportunity.detail", "mtop.admin.member.detail"], may: { create: ["operate/business/reply:reply"], other: ["operate/business/reply:reply"] } },
  "mtop.admin.opportunity.close": { label: "关闭商机", stale: ["mtop.admin.opportunity.list", "mtop.admin.opportunity.detail", "mtop.admin.history.list", "mtop.admin.dashboard.stats", "mtop.admin.dashboard.badges", "mtop.admin.member.detail"], may: { create: ["operate/business/reply:status"], other: ["operate/business/reply:status"] } },
  "mtop.admin.view.save": { label: "保存视图", stale: ["mtop.admin.view.list"] },
  "mtop.admin.view.delete": { label: "删除视图", stale: ["mtop.admin.view.list"] },
};
