import { ZBalanceResult, ZLicenceItem, ZLicenceListRequest } from '../../contracts/com.ts';
import { ZEmpty, ZList } from '../../contracts/common.ts';
import {
  ZCustomerDetail,
  ZCustomerExportQuery,
  ZCustomerList,
  ZCustomerListRequest,
  ZCustomerPageRequest,
  ZCustomerRef,
  ZReportedVersions,
} from '../../contracts/customers.ts';
import { call, vendorAccess } from '../define.ts';

/** The vendor's customers (docs/portal.md "Customers"): companies with their tenants. */
const tag = 'sa';
const access = vendorAccess;

export const customerList = call({
  method: 'POST',
  path: '/sa/coms',
  access,
  tag,
  summary:
    'Customers (registered companies) with their tenants, keys, licences and engines; filters keys, licences, balance and version; sorts by time, name or balance',
  label: { 'zh-CN': '查看客户', 'en-US': 'View customers' },
  body: ZCustomerListRequest,
  data: ZCustomerList,
});

export const exportCustomers = call({
  method: 'GET',
  path: '/sa/coms/export',
  access,
  tag,
  summary:
    "Every customer of a list as filtered and sorted (the query of /sa/coms), as CSV or XLSX in the caller's language, times in the reader's time zone (tz)",
  label: { 'zh-CN': '导出客户', 'en-US': 'Export customers' },
  query: ZCustomerExportQuery,
  file: true,
});

export const customerDetail = call({
  method: 'POST',
  path: '/sa/com/get',
  access,
  tag,
  summary: 'One customer: its tenants, their keys, and its running engines by kind and version',
  label: { 'zh-CN': '查看客户详情', 'en-US': 'View customer details' },
  body: ZCustomerRef,
  data: ZCustomerDetail,
});

export const customerLicences = call({
  method: 'POST',
  path: '/sa/com/licences',
  access,
  tag,
  summary: "A customer's licences as its My license shows them, soonest expiry first",
  label: { 'zh-CN': '查看客户许可', 'en-US': "View customer's licenses" },
  body: ZLicenceListRequest.extend(ZCustomerPageRequest.pick({ companyId: true }).shape),
  data: ZList(ZLicenceItem),
});

export const customerBalance = call({
  method: 'POST',
  path: '/sa/com/balance',
  access,
  tag,
  summary: "A customer's balance and its history (recharges and what certificates cost)",
  label: { 'zh-CN': '查看客户余额', 'en-US': "View customer's balance" },
  body: ZCustomerPageRequest,
  data: ZBalanceResult,
});

export const reportedVersions = call({
  method: 'POST',
  path: '/sa/com/versions',
  access,
  tag,
  summary: "The engine versions the linked tenants' running engines report (the version filter)",
  label: { 'zh-CN': '查看客户引擎版本', 'en-US': "View customers' engine versions" },
  body: ZEmpty,
  data: ZReportedVersions,
});
