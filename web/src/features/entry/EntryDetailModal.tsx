/**
 * An entry's details: every field (the list's own column specs) and a preview of how it shows on
 * the home page — its icon above its name, greyed when it is hidden.
 */
import { Descriptions, Flex, Modal, Typography, theme } from "antd";
import type { EntryRow } from "@/lib/generated/ops";
import { MenuIcon } from "@/components/MenuIcon";
import { cellNode } from "@/kit/columns";
import { ENTRY_COLUMNS } from "@/features/entry/columns";

/** The entry as the home page draws it: the icon in a tile, the name under it. */
export function EntryPreview({ entry }: { entry: EntryRow }) {
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      align="center"
      gap={8}
      role="group"
      aria-label={`首页效果：${entry.name}`}
      style={{ width: 96, opacity: entry.visible ? 1 : 0.45 }}
    >
      <Flex
        align="center"
        justify="center"
        style={{
          width: 56,
          height: 56,
          borderRadius: token.borderRadiusLG,
          background: token.colorPrimaryBg,
          color: token.colorPrimary,
          fontSize: 28,
        }}
      >
        <MenuIcon name={entry.icon} />
      </Flex>
      <Typography.Text>{entry.name}</Typography.Text>
    </Flex>
  );
}

export interface EntryDetailModalProps {
  entry: EntryRow;
  onClose: () => void;
}

export function EntryDetailModal({ entry, onClose }: EntryDetailModalProps) {
  return (
    <Modal
      open
      title={`功能入口详情：${entry.name}`}
      footer={null}
      onCancel={onClose}
      width={560}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        <Flex vertical align="center" gap={4}>
          <EntryPreview entry={entry} />
          <Typography.Text type="secondary">
            {entry.visible ? "首页展示效果" : "已隐藏，首页不展示"}
          </Typography.Text>
        </Flex>
        <Descriptions
          column={1}
          bordered
          size="small"
          items={ENTRY_COLUMNS.filter((spec) => spec.detail !== false).map((spec) => ({
            key: spec.key,
            label: spec.title,
            children: cellNode(spec, entry),
          }))}
        />
      </Flex>
    </Modal>
  );
}
