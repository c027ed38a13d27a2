/**
 * 商品详情: the product's images (short-lived signed URLs, in an antd Image gallery), prices, shop
 * (linked to 店铺详情, with its state), category path, description, the sale moves its state allows
 * and its 操作记录.
 */
import { Card, Descriptions, Empty, Flex, Image, Typography } from "antd";
import { formatTimestamp } from "@/lib/core";
import { ops, type ProductDetail as Detail } from "@/lib/generated/ops";
import { DetailPage, useIdParam } from "@/kit/DetailPage";
import { HistoryTimeline } from "@/kit/HistoryTimeline";
import { PageLink } from "@/kit/links";
import { useOpQuery } from "@/kit/queries";
import { RowActions } from "@/kit/RowActions";
import { StateTags, StatusTag, heldMark, stateFor } from "@/kit/StatusTag";
import { priceRange } from "@/features/product/columns";
import { useProductMoves } from "@/features/product/moves";

const IMAGE_SIZE = 160;

function Gallery({ detail }: { detail: Detail }) {
  const { title } = detail.product;
  if (detail.images.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无图片" />;
  return (
    <Image.PreviewGroup>
      <Flex wrap gap={12}>
        {detail.images.map((url, index) => (
          <Image
            key={url}
            src={url}
            alt={`${title} 图片 ${index + 1}`}
            width={IMAGE_SIZE}
            height={IMAGE_SIZE}
            style={{ objectFit: "cover", borderRadius: 6 }}
          />
        ))}
      </Flex>
    </Image.PreviewGroup>
  );
}

function Facts({ detail }: { detail: Detail }) {
  const { product } = detail;
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      items={[
        { key: "id", label: "商品编号", children: product.id },
        { key: "price", label: "价格", children: priceRange(product.priceMin, product.priceMax) },
        { key: "unit", label: "单位", children: product.unit },
        { key: "moq", label: "起订量", children: `${product.moq} ${product.unit}` },
        { key: "stock", label: "库存", children: product.stock },
        {
          key: "shop",
          label: "店铺",
          children: (
            <Flex gap={8} align="center" wrap>
              <PageLink page="shopDetail" query={{ id: product.shopId }}>
                {product.shopName}
              </PageLink>
              <StatusTag state={stateFor("shop", product.shopStatus)} />
            </Flex>
          ),
        },
        {
          key: "category",
          label: "类目",
          children: detail.categoryPath.join(" / ") || product.categoryName,
        },
        { key: "createdAt", label: "创建时间", children: formatTimestamp(product.createdAt) },
        { key: "updatedAt", label: "更新时间", children: formatTimestamp(product.updatedAt) },
      ]}
    />
  );
}

export function ProductDetail() {
  const id = useIdParam();
  const query = useOpQuery(ops.product.detail, { id: id ?? 0 }, { enabled: id !== undefined });
  const moves = useProductMoves();
  const detail = query.data;
  const product = detail?.product;

  return (
    <DetailPage
      history="product"
      noun="商品"
      backTo="productList"
      id={id}
      query={query}
      title={product?.title}
      tags={
        product ? (
          <StateTags
            state={stateFor("product", product.status)}
            held={heldMark("product", product.shopStatus)}
          />
        ) : null
      }
      extra={product ? <RowActions actions={moves.actions(product)} /> : null}
    >
      {detail ? (
        <>
          <Card title="商品图片">
            <Gallery detail={detail} />
          </Card>
          <Card title="基本信息">
            <Facts detail={detail} />
          </Card>
          <Card title="商品描述">
            {detail.description ? (
              <Typography.Paragraph style={{ whiteSpace: "pre-wrap", marginBottom: 0 }}>
                {detail.description}
              </Typography.Paragraph>
            ) : (
              <Typography.Text type="secondary">暂无描述</Typography.Text>
            )}
          </Card>
          <Card title="操作记录">
            <HistoryTimeline entity="product" id={detail.product.id} />
          </Card>
        </>
      ) : null}
    </DetailPage>
  );
}
