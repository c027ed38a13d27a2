/**
 * A belt's details from `belt.detail`: the belt and its shops (name, linking to 店铺详情; city;
 * products; state as the `shop` lifecycle names it). The gateway lists at most 50 shops, those
 * with the most products; when the belt has more, the modal says how many are shown. Loading
 * and error (with 重试) in the modal.
 */
import { Alert, Descriptions, Empty, Flex, Modal, Table, Typography } from "antd";
import { ops, type BeltRow, type ShopRow } from "@/lib/generated/ops";
import { cellNode, tableColumns } from "@/kit/columns";
import { ListError } from "@/kit/ListError";
import { Loading } from "@/kit/Loading";
import { useOpQuery } from "@/kit/queries";
import { BELT_COLUMNS, BELT_SHOP_COLUMNS } from "@/features/belt/columns";

const SHOP_COLUMNS = tableColumns(BELT_SHOP_COLUMNS);

export interface BeltDetailModalProps {
  /** The belt as the list shows it (the title while its details load). */
  belt: BeltRow;
  onClose: () => void;
}

export function BeltDetailModal({ belt, onClose }: BeltDetailModalProps) {
  const detail = useOpQuery(ops.belt.detail, { id: belt.id });
  return (
    <Modal
      open
      title={`产业带详情：${belt.name}`}
      footer={null}
      onCancel={onClose}
      width={760}
      destroyOnHidden
    >
      {detail.isPending ? (
        <Loading label="产业带详情加载中" rows={6} title />
      ) : detail.isError ? (
        <ListError
          title="产业带详情加载失败"
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions
            column={2}
            bordered
            size="small"
            items={BELT_COLUMNS.filter((spec) => spec.detail !== false).map((spec) => ({
              key: spec.key,
              label: spec.title,
              children: cellNode(spec, detail.data.belt),
              span: spec.key === "description" ? 2 : 1,
            }))}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            产业带店铺
          </Typography.Title>
          {detail.data.shops.length < detail.data.belt.shopCount ? (
            <Alert
              type="info"
              showIcon
              title={`共 ${detail.data.belt.shopCount} 家店铺，列出商品最多的 ${detail.data.shops.length} 家`}
            />
          ) : null}
          <Table<ShopRow>
            rowKey="id"
            size="small"
            columns={SHOP_COLUMNS}
            dataSource={detail.data.shops}
            pagination={false}
            aria-label={`${detail.data.belt.name}的店铺`}
            locale={{
              emptyText: (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该产业带暂无店铺" />
              ),
            }}
          />
        </Flex>
      )}
    </Modal>
  );
}
