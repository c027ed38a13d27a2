/**
 * 店铺详情: the shop's profile with its logo (a short-lived signed URL; a plain avatar when there is
 * none or it fails) and its contact phone, masked with 查看完整号码 beside it (recorded in 操作日志),
 * its owner, 操作记录 (who moved it when, and why), its latest products (each opening 商品详情,
 * all of them in 商品管理) and inquiries (all of them in 询价单, filtered to the shop), and the same
 * lifecycle actions as the list.
 */
import { ShopOutlined } from "@ant-design/icons";
import { Avatar, Card, Col, Descriptions, Empty, Flex, Row, Table, Typography } from "antd";
import { formatFen, formatTimestamp } from "@/lib/core";
import {
  ops,
  type InquiryRow,
  type MemberBrief,
  type ProductRow,
  type ShopRow,
} from "@/lib/generated/ops";
import { DetailPage, useIdParam } from "@/kit/DetailPage";
import { HistoryTimeline } from "@/kit/HistoryTimeline";
import { PageLink } from "@/kit/links";
import { PhoneReveal } from "@/kit/PhoneReveal";
import { useOpQuery } from "@/kit/queries";
import { RowActions } from "@/kit/RowActions";
import { StateTags, StatusTag, heldMark, stateFor } from "@/kit/StatusTag";
import { useShopMoves } from "@/features/shop/moves";

/** A price range in fen as the core writes money: `¥12.00` or `¥12.00 – ¥15.50`. */
function priceRange(min: number, max: number): string {
  return min === max ? formatFen(min) : `${formatFen(min)} – ${formatFen(max)}`;
}

function orDash(text: string): string {
  return text.trim() === "" ? "-" : text;
}

function Profile({ shop, categories }: { shop: ShopRow; categories: readonly string[] }) {
  return (
    <Card title="店铺资料" size="small">
      <Flex gap={24} align="flex-start" wrap>
        <Avatar
          shape="square"
          size={96}
          src={shop.logoUrl ?? undefined}
          alt={`${shop.name}的店铺标志`}
          icon={<ShopOutlined aria-label="暂无店铺标志" />}
        />
        <Descriptions
          style={{ flex: 1, minWidth: 320 }}
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: "name", label: "店铺名称", children: shop.name },
            { key: "id", label: "店铺 ID", children: shop.id },
            {
              key: "status",
              label: "状态",
              children: <StatusTag state={stateFor("shop", shop.status)} />,
            },
            { key: "level", label: "等级", children: `${shop.level} 级` },
            { key: "region", label: "所在地区", children: `${shop.province} ${shop.city}` },
            { key: "belt", label: "产业带", children: orDash(shop.beltName) },
            {
              key: "categories",
              label: "主营类目",
              children: categories.length ? categories.join("、") : "-",
            },
            { key: "contactName", label: "联系人", children: orDash(shop.contactName) },
            {
              key: "contactPhone",
              label: "联系电话",
              children: <PhoneReveal entity="shop" id={shop.id} masked={shop.contactPhone} />,
            },
            { key: "productCount", label: "商品数", children: shop.productCount },
            { key: "inquiryCount", label: "询价数", children: shop.inquiryCount },
            { key: "createdAt", label: "注册时间", children: formatTimestamp(shop.createdAt) },
            { key: "updatedAt", label: "更新时间", children: formatTimestamp(shop.updatedAt) },
          ]}
        />
      </Flex>
    </Card>
  );
}

function Owner({ owner }: { owner: MemberBrief }) {
  return (
    <Card title="店主" size="small">
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: "nickname",
            label: "昵称",
            children: (
              <PageLink page="memberDetail" query={{ id: owner.id }}>
                {owner.nickname}
              </PageLink>
            ),
          },
          { key: "phone", label: "手机号", children: orDash(owner.phone) },
          {
            key: "status",
            label: "账号状态",
            children: <StatusTag state={stateFor("member", owner.status)} />,
          },
        ]}
      />
    </Card>
  );
}

function Products({ shop, products }: { shop: ShopRow; products: readonly ProductRow[] }) {
  return (
    <Card
      title={`最新商品（共 ${shop.productCount} 件）`}
      size="small"
      extra={
        <PageLink page="productList" query={{ shopId: shop.id }}>
          查看全部商品
        </PageLink>
      }
    >
      <Table<ProductRow>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={[...products]}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无商品" />,
        }}
        columns={[
          {
            key: "title",
            title: "商品名称",
            render: (_, p) => (
              <PageLink page="productDetail" query={{ id: p.id }}>
                {p.title}
              </PageLink>
            ),
          },
          { key: "category", title: "类目", dataIndex: "categoryName" },
          {
            key: "price",
            title: "价格",
            render: (_, p) => (
              <span style={{ whiteSpace: "nowrap" }}>
                {priceRange(p.priceMin, p.priceMax)}/{p.unit}
              </span>
            ),
          },
          {
            key: "status",
            title: "状态",
            render: (_, p) => (
              <StateTags
                state={stateFor("product", p.status)}
                held={heldMark("product", p.shopStatus)}
              />
            ),
          },
          {
            key: "createdAt",
            title: "发布时间",
            render: (_, p) => (
              <span style={{ whiteSpace: "nowrap" }}>{formatTimestamp(p.createdAt)}</span>
            ),
          },
        ]}
      />
    </Card>
  );
}

function Inquiries({ shop, inquiries }: { shop: ShopRow; inquiries: readonly InquiryRow[] }) {
  return (
    <Card
      title={`最新询价（共 ${shop.inquiryCount} 条）`}
      size="small"
      extra={
        <PageLink page="inquiryList" query={{ shopId: shop.id }}>
          查看全部询价
        </PageLink>
      }
    >
      <Table<InquiryRow>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={[...inquiries]}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无询价" />,
        }}
        columns={[
          {
            key: "buyer",
            title: "采购商",
            render: (_, q) => <span style={{ whiteSpace: "nowrap" }}>{q.buyerNickname}</span>,
          },
          {
            key: "product",
            title: "询价商品",
            render: (_, q) =>
              q.productId === null ? (
                "-"
              ) : (
                <PageLink page="productDetail" query={{ id: q.productId }}>
                  {q.productTitle}
                </PageLink>
              ),
          },
          { key: "quantity", title: "数量", dataIndex: "quantity" },
          {
            key: "expectPrice",
            title: "期望单价",
            render: (_, q) => (
              <span style={{ whiteSpace: "nowrap" }}>{formatFen(q.expectPrice)}</span>
            ),
          },
          {
            key: "message",
            title: "留言",
            render: (_, q) => (
              <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 280 }}>
                {orDash(q.message)}
              </Typography.Paragraph>
            ),
          },
          {
            key: "state",
            title: "状态",
            render: (_, q) => <StatusTag state={stateFor("inquiry", q.state)} />,
          },
          {
            key: "createdAt",
            title: "询价时间",
            render: (_, q) => (
              <span style={{ whiteSpace: "nowrap" }}>{formatTimestamp(q.createdAt)}</span>
            ),
          },
        ]}
      />
    </Card>
  );
}

export function ShopDetail() {
  const id = useIdParam();
  const detail = useOpQuery(ops.shop.detail, { id: id ?? 0 }, { enabled: id !== undefined });
  const moves = useShopMoves();
  const data = detail.data;
  return (
    <DetailPage
      history="shop"
      noun="店铺"
      backTo="shopList"
      id={id}
      query={detail}
      title={data?.shop.name}
      tags={data ? <StatusTag state={stateFor("shop", data.shop.status)} /> : null}
      extra={data ? <RowActions actions={moves.actions(data.shop)} /> : null}
    >
      {data ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <Flex vertical gap={16}>
              <Profile shop={data.shop} categories={data.mainCategories} />
              <Products shop={data.shop} products={data.products} />
              <Inquiries shop={data.shop} inquiries={data.inquiries} />
            </Flex>
          </Col>
          <Col xs={24} xl={8}>
            <Flex vertical gap={16}>
              <Owner owner={data.owner} />
              <Card title="操作记录" size="small">
                <HistoryTimeline entity="shop" id={data.shop.id} />
              </Card>
            </Flex>
          </Col>
        </Row>
      ) : null}
    </DetailPage>
  );
}
