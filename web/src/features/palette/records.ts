/**
 * The records the command palette finds (shops, products, members, opportunities, ads): by name
 * through each one's list operation, by an all-digit ID through its detail operation (a member
 * also by phone). One declaration per kind says which operations, which page opens a hit, and
 * which pages the user must be able to open for the kind to be asked at all (the gateway guards
 * the operations by those pages' menus).
 */
import { ops } from "@/lib/generated/ops";
import { readOp as read } from "@/kit/queries";
import type { PageName, PageQuery } from "@/kit/links";

export interface RecordHit {
  /** Unique among hits: `shop:3`. */
  id: string;
  /** What it is: `店铺`. */
  noun: string;
  label: string;
  /** A detail beside the label (the shop of a product, a member's phone). */
  extra?: string;
  page: PageName;
  query: PageQuery;
}

/** Hits shown per kind. */
const PER_KIND = 5;
/** The gateway's smallest page. */
const PAGE_SIZE = 10;

type Lookup = (text: string, signal: AbortSignal) => Promise<RecordHit[]>;

interface RecordKind {
  noun: string;
  /** Pages the user must be able to open (the list whose menu guards the operations, the target). */
  needs: PageName[];
  byName: Lookup;
  /** By an all-digit query (an id; a member's phone too). */
  byDigits?: Lookup;
}

const first = { page: 1, pageSize: PAGE_SIZE };

/** A kind's hit for a row: named by `label`, opening `page` at the row (by `id=`, `open=`, or its title). */
function hitOf(kind: string, noun: string, page: PageName, opensBy: "id" | "open" | "title") {
  return (row: { id: number }, label: string, extra?: string): RecordHit => ({
    id: `${kind}:${row.id}`,
    noun,
    label,
    extra,
    page,
    query: opensBy === "title" ? { title: label } : { [opensBy]: row.id },
  });
}

const shopHit = hitOf("shop", "店铺", "shopDetail", "id");
const productHit = hitOf("product", "商品", "productDetail", "id");
const memberHit = hitOf("member", "会员", "memberDetail", "id");
const opportunityHit = hitOf("opportunity", "商机", "opportunityInspect", "open");
const adHit = hitOf("ad", "广告", "adList", "title");

export const RECORD_KINDS: readonly RecordKind[] = [
  {
    noun: "店铺",
    needs: ["shopList", "shopDetail"],
    byName: async (name, signal) =>
      (await read(ops.shop.list, { ...first, name }, signal)).list.map((shop) =>
        shopHit(shop, shop.name, shop.city),
      ),
    byDigits: async (id, signal) => {
      const { shop } = await read(ops.shop.detail, { id: Number(id) }, signal);
      return [shopHit(shop, shop.name, `ID ${shop.id}`)];
    },
  },
  {
    noun: "商品",
    needs: ["productList", "productDetail"],
    byName: async (title, signal) =>
      (await read(ops.product.list, { ...first, title }, signal)).list.map((product) =>
        productHit(product, product.title, product.shopName),
      ),
    byDigits: async (id, signal) => {
      const { product } = await read(ops.product.detail, { id: Number(id) }, signal);
      return [productHit(product, product.title, `ID ${product.id}`)];
    },
  },
  {
    noun: "会员",
    needs: ["memberList", "memberDetail"],
    byName: async (nickname, signal) =>
      (await read(ops.member.list, { ...first, nickname }, signal)).list.map((member) =>
        memberHit(member, member.nickname, member.phone),
      ),
    byDigits: async (digits, signal) => {
      const [byId, byPhone] = await Promise.allSettled([
        read(ops.member.detail, { id: Number(digits) }, signal),
        read(ops.member.list, { ...first, phone: digits }, signal),
      ]);
      const members = [
        ...(byId.status === "fulfilled" ? [byId.value.member] : []),
        ...(byPhone.status === "fulfilled" ? byPhone.value.list : []),
      ];
      return members.map((member) => memberHit(member, member.nickname, member.phone));
    },
  },
  {
    noun: "商机",
    needs: ["opportunityInspect"],
    byName: async (title, signal) =>
      (await read(ops.opportunity.list, { ...first, title }, signal)).list.map((o) =>
        opportunityHit(o, o.title, o.buyerNickname),
      ),
    byDigits: async (id, signal) => {
      const { opportunity } = await read(ops.opportunity.detail, { id: Number(id) }, signal);
      return [opportunityHit(opportunity, opportunity.title, `ID ${opportunity.id}`)];
    },
  },
  {
    // No detail operation: an ad is found by its title, in 广告管理 filtered to it.
    noun: "广告",
    needs: ["adList"],
    byName: async (title, signal) =>
      (await read(ops.ad.list, { ...first, title }, signal)).list.map((ad) =>
        adHit(ad, ad.title, ad.slotName),
      ),
  },
];

/**
 * The records matching `text` among the kinds the user may open (`mayOpen`): all kinds asked at
 * once, a kind that fails (a record not found by that id, say) left out. Rejects when `signal`
 * aborts (typing went on).
 */
export async function findRecords(
  text: string,
  mayOpen: (page: PageName) => boolean,
  signal: AbortSignal,
): Promise<RecordHit[]> {
  const digits = /^\d{1,15}$/.test(text);
  const kinds = RECORD_KINDS.filter((kind) => kind.needs.every(mayOpen));
  const answers = await Promise.allSettled(
    kinds.map((kind) => {
      const lookup = digits ? kind.byDigits : kind.byName;
      return lookup ? lookup(text, signal) : Promise.resolve([]);
    }),
  );
  signal.throwIfAborted();
  const seen = new Set<string>();
  return answers.flatMap((answer) =>
    answer.status === "fulfilled"
      ? answer.value.filter((hit) => !seen.has(hit.id) && seen.add(hit.id)).slice(0, PER_KIND)
      : [],
  );
}
