import {
  ATTACHMENTS_BODY_MAX,
  ZRequestAdd,
  ZRequestFileParams,
  ZRequestDetail,
  ZRequestListRequest,
  ZRequestPage,
  ZRequestRef,
  ZRequestReply,
  ZRequestStatus,
  ZRequestTest,
  ZVendorRequestListRequest,
} from '../../contracts/support-requests.ts';
import { ZIdResult } from '../../contracts/vendor.ts';
import { call, companyAccess, vendorAccess } from '../define.ts';

/**
 * Requests and their Q&A (docs/portal.md "Support requests"): a company's own under /com/req (it sees
 * only its own), every company's for the vendor's team under /sa/req.
 */

export const addRequest = call({
  method: 'POST',
  path: '/com/req/add',
  access: companyAccess,
  tag: 'com',
  summary: 'Open a request to the vendor',
  label: { 'zh-CN': '提交需求', 'en-US': 'Open support request' },
  body: ZRequestAdd,
  data: ZIdResult,
  message: 'created',
  bodyLimit: ATTACHMENTS_BODY_MAX,
});

export const myRequests = call({
  method: 'POST',
  path: '/com/req/list',
  access: companyAccess,
  tag: 'com',
  summary: "The company's requests, newest first, in keyset pages",
  label: { 'zh-CN': '查看我的需求', 'en-US': 'View my support requests' },
  body: ZRequestListRequest,
  data: ZRequestPage,
});

export const myRequest = call({
  method: 'POST',
  path: '/com/req/get',
  access: companyAccess,
  tag: 'com',
  summary: 'One of the company’s requests with its questions and answers',
  label: { 'zh-CN': '查看我的需求详情', 'en-US': 'View support request' },
  body: ZRequestRef,
  data: ZRequestDetail,
});

export const replyToVendor = call({
  method: 'POST',
  path: '/com/req/reply',
  access: companyAccess,
  tag: 'com',
  summary: 'Add a question or an answer to one of the company’s requests',
  label: { 'zh-CN': '回复需求', 'en-US': 'Reply to support request' },
  body: ZRequestReply,
  message: 'created',
  bodyLimit: ATTACHMENTS_BODY_MAX,
});

export const myRequestFile = call({
  method: 'GET',
  path: '/com/req/file/:id',
  access: companyAccess,
  tag: 'com',
  summary: 'Download a file attached to one of the company’s requests',
  label: { 'zh-CN': '下载需求附件', 'en-US': 'Download support request file' },
  params: ZRequestFileParams,
  file: true,
});

export const requestList = call({
  method: 'POST',
  path: '/sa/reqs',
  access: vendorAccess,
  tag: 'sa',
  summary: "Every company's requests, newest first, in keyset pages",
  label: { 'zh-CN': '查看需求列表', 'en-US': 'View support requests' },
  body: ZVendorRequestListRequest,
  data: ZRequestPage,
});

export const requestDetail = call({
  method: 'POST',
  path: '/sa/req/get',
  access: vendorAccess,
  tag: 'sa',
  summary: 'A request with its questions and answers',
  label: { 'zh-CN': '查看客户需求', 'en-US': "View customer's support request" },
  body: ZRequestRef,
  data: ZRequestDetail,
});

export const replyToCustomer = call({
  method: 'POST',
  path: '/sa/req/reply',
  access: vendorAccess,
  tag: 'sa',
  summary: 'Answer a request (the customer is mailed)',
  label: { 'zh-CN': '答复需求', 'en-US': 'Answer support request' },
  body: ZRequestReply,
  message: 'created',
  bodyLimit: ATTACHMENTS_BODY_MAX,
});

export const requestFile = call({
  method: 'GET',
  path: '/sa/req/file/:id',
  access: vendorAccess,
  tag: 'sa',
  summary: 'Download a file attached to a request',
  label: { 'zh-CN': '下载客户需求附件', 'en-US': "Download customer's support request file" },
  params: ZRequestFileParams,
  file: true,
});

export const setRequestStatus = call({
  method: 'POST',
  path: '/sa/req/status',
  access: vendorAccess,
  tag: 'sa',
  summary: 'Move a request: processing, solved, or dismissed with a reason',
  label: { 'zh-CN': '修改需求状态', 'en-US': 'Change support request status' },
  body: ZRequestStatus,
  message: 'modified',
});

export const setTestStatus = call({
  method: 'POST',
  path: '/sa/req/test',
  access: vendorAccess,
  tag: 'sa',
  summary: 'Set the test status of a request being processed or solved',
  label: { 'zh-CN': '修改测试状态', 'en-US': 'Change test status' },
  body: ZRequestTest,
  message: 'modified',
});
