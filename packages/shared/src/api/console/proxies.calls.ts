import { ZList } from '../../contracts/common.ts';
import {
  ZCreated,
  ZIdRequest,
  ZProxyAdd,
  ZProxyEdit,
  ZProxyItem,
  ZProxyListRequest,
} from '../../contracts/user.ts';
import { call, consoleRead, consoleWrite } from '../define.ts';

/** Proxies under /user/proxy: a user acting with another role for a time. */
const tag = 'proxy';

export const proxyList = call({
  method: 'POST',
  path: '/user/proxy/list',
  access: consoleRead('system'),
  tag,
  summary: 'Proxies',
  label: { 'zh-CN': '查看代理', 'en-US': 'View proxies' },
  body: ZProxyListRequest,
  data: ZList(ZProxyItem),
});

export const addProxy = call({
  method: 'POST',
  path: '/user/proxy/add',
  access: consoleWrite('system'),
  tag,
  summary: 'Let a user act with a role between two dates',
  label: { 'zh-CN': '新增代理', 'en-US': 'Add proxy' },
  body: ZProxyAdd,
  data: ZCreated,
  message: 'created',
});

export const editProxy = call({
  method: 'POST',
  path: '/user/proxy/edit',
  access: consoleWrite('system'),
  tag,
  summary: "Change a proxy's role or window",
  label: { 'zh-CN': '编辑代理', 'en-US': 'Edit proxy' },
  body: ZProxyEdit,
  message: 'modified',
});

export const deleteProxy = call({
  method: 'POST',
  path: '/user/proxy/del',
  access: consoleWrite('system'),
  tag,
  summary: 'End a proxy',
  label: { 'zh-CN': '删除代理', 'en-US': 'Delete proxy' },
  body: ZIdRequest,
  message: 'deleted',
});
