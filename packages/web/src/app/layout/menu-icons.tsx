import type { ReactNode } from 'react';
import {
  DashboardOutlined,
  SafetyCertificateOutlined,
  WalletOutlined,
  ClusterOutlined,
} from '@ant-design/icons';
import type { MenuIconName } from '../routes/route-types.ts';

/** Menu icons by name; only the signed-in layouts load this file. Add an icon here first. */
export const menuIcons: Record<MenuIconName, ReactNode> = {
  license: <SafetyCertificateOutlined />,
  engine: <ClusterOutlined />,
  balance: <WalletOutlined />,
  dashboard: <DashboardOutlined />,
};
