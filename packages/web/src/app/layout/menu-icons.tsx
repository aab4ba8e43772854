import type { ReactNode } from 'react';
import {
  ApartmentOutlined,
  AppstoreOutlined,
  BankOutlined,
  AuditOutlined,
  ClusterOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  KeyOutlined,
  RiseOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  SwapOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { MenuIconName } from '../routes/route-types.ts';

/** Menu icons by name; only the signed-in layouts load this file. Add an icon here first. */
export const menuIcons: Record<MenuIconName, ReactNode> = {
  licence: <SafetyCertificateOutlined />,
  engine: <ClusterOutlined />,
  balance: <WalletOutlined />,
  dashboard: <DashboardOutlined />,
  user: <UserOutlined />,
  role: <TeamOutlined />,
  group: <ApartmentOutlined />,
  proxy: <SwapOutlined />,
  setting: <SettingOutlined />,
  audit: <AuditOutlined />,
  task: <UnorderedListOutlined />,
  key: <KeyOutlined />,
  package: <AppstoreOutlined />,
  company: <BankOutlined />,
  tenant: <CloudServerOutlined />,
  elevation: <RiseOutlined />,
  learning: <ExperimentOutlined />,
};
