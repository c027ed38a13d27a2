/**
 * The antd icon a menu node names (`data.icon`, e.g. `ShopOutlined`); unknown names draw nothing.
 * Which names a menu may carry is the core's rule (`rules("menu")`); this only draws them, and
 * MenuIcon.test.tsx checks that every name the core allows has a drawing.
 */
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
  ToolOutlined,
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
  ToolOutlined,
  UserOutlined,
  WarningOutlined,
};

export function MenuIcon({ name }: { name: string | undefined }) {
  const Icon = name !== undefined && Object.hasOwn(ICONS, name) ? ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
}
