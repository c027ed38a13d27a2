/** The antd icon a menu node names (`data.icon`, e.g. `ShopOutlined`); unknown names draw nothing. */
import {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BookOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  GiftOutlined,
  HomeOutlined,
  MenuOutlined,
  NotificationOutlined,
  RocketOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
  WarningOutlined,
} from "@ant-design/icons";
import type { ComponentType } from "react";

const ICONS: Readonly<Record<string, ComponentType>> = {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BookOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  GiftOutlined,
  HomeOutlined,
  MenuOutlined,
  NotificationOutlined,
  RocketOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
  WarningOutlined,
};

export function MenuIcon({ name }: { name: string | undefined }) {
  const Icon = name !== undefined && Object.hasOwn(ICONS, name) ? ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
}
