/** Members as the gateway answers them, for the 会员 screens' tests. */
import type {
  HistoryEntry,
  MemberDetail,
  MemberRow,
  Page,
  ReasonOption,
} from "@/lib/generated/ops";

export const REGISTERED = Date.UTC(2026, 0, 10, 2, 0, 0);

export const BUYER: MemberRow = {
  id: 11,
  nickname: "王采购",
  phone: "138****0011",
  avatarUrl: null,
  type: "buyer",
  shopId: null,
  shopName: "",
  inviterId: 12,
  inviterNickname: "李老板",
  status: "normal",
  lastLoginAt: null,
  createdAt: REGISTERED,
  version: 4,
};

export const SELLER: MemberRow = {
  id: 12,
  nickname: "李老板",
  phone: "139****0012",
  avatarUrl: null,
  type: "seller",
  shopId: 301,
  shopName: "义乌小商品旗舰店",
  inviterId: null,
  inviterNickname: "",
  status: "banned",
  lastLoginAt: REGISTERED + 3_600_000,
  createdAt: REGISTERED - 86_400_000,
  version: 7,
};

export const BAN_CODES: ReasonOption[] = [
  { key: "fraud", label: "欺诈交易", value: "" },
  { key: "other", label: "其他", value: "" },
];

/** `rows` as the first page of a detail's table (ten a page), `total` of them in all. */
export function detailPage<T>(rows: readonly T[], total = rows.length, page = 1): Page<T> {
  return { list: [...rows], total, page, pageSize: 10 };
}

/** 用户详情's answer for a member with none of the related records. */
export function emptyDetail(member: MemberRow): MemberDetail {
  return {
    member,
    inquiries: detailPage([]),
    opportunities: detailPage([]),
    invitations: detailPage([]),
  };
}

export const SELLER_DETAIL: MemberDetail = {
  member: SELLER,
  inquiries: detailPage([
    {
      id: 501,
      buyerMemberId: 12,
      buyerNickname: "李老板",
      shopId: 302,
      shopName: "永康五金工厂店",
      productId: 9001,
      productTitle: "不锈钢保温杯 500ml",
      quantity: 2000,
      expectPrice: 1850,
      message: "需要定制logo",
      state: "quoted",
      createdAt: REGISTERED + 1000,
      version: 1,
      quote: null,
    },
  ]),
  opportunities: detailPage([
    {
      id: 601,
      buyerMemberId: 12,
      buyerNickname: "李老板",
      title: "采购纯棉T恤 5000件",
      categoryId: 31,
      categoryName: "T恤",
      quantity: 5000,
      unit: "件",
      budget: 12_345_000,
      deadline: REGISTERED + 30 * 86_400_000,
      state: "approved",
      replyCount: 3,
      createdAt: REGISTERED + 2000,
      version: 1,
    },
  ]),
  invitations: detailPage([
    {
      id: 701,
      inviterId: 12,
      inviterNickname: "李老板",
      inviteeId: 11,
      inviteeNickname: "王采购",
      code: "INV8K2Q",
      state: "shopOpened",
      rewardFen: 5000,
      createdAt: REGISTERED + 3000,
    },
  ]),
};

export const SELLER_HISTORY: HistoryEntry[] = [
  {
    id: 3,
    fromState: "normal",
    toState: "banned",
    action: "封禁",
    reasonCode: "fraud",
    reasonLabel: "欺诈交易",
    reason: "虚假发货",
    operator: "系统管理员",
    at: REGISTERED + 5000,
  },
];
