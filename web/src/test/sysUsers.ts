/** System users as `user.list` and `user.update` answer them, for the 系统用户 screens' tests. */
import type { SysUser } from "@/lib/generated/ops";

/** 李四 (user 7), an enabled 运营 at version 3. */
export const LI: SysUser = {
  id: 7,
  username: "lisi",
  nickname: "李四",
  avatar: "",
  roleIds: [2],
  roleNames: ["运营"],
  status: "enabled",
  locked: false,
  createdAt: 0,
  version: 3,
};
