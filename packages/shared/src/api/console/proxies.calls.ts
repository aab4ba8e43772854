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
  body: ZProxyListRequest,
  data: ZList(ZProxyItem),
});

export const addProxy = call({
  method: 'POST',
  path: '/user/proxy/add',
  access: consoleWrite('system'),
  tag,
  summary: 'Let a user act with a role between two dates',
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
  body: ZProxyEdit,
  message: 'modified',
});

export const deleteProxy = call({
  method: 'POST',
  path: '/user/proxy/del',
  access: consoleWrite('system'),
  tag,
  summary: 'End a proxy',
  body: ZIdRequest,
  message: 'deleted',
});
