import type { Catalogue } from './types.ts';

/** SMS, warnings and their deliveries (docs/notifications.md): -10160…-10169. */
export const NotifyErr = {
  SmsOff: -10160,
  SmsFailed: -10161,
  NoRecipients: -10162,
  HeaderRefused: -10163,
  InternalAddress: -10164,
  SecretsRequired: -10165,
  TemplateInvalid: -10166,
  Redirected: -10167,
  NoAnswer: -10168,
} as const;

export const notifyCatalogue: Catalogue = {
  [NotifyErr.SmsOff]: {
    status: 409,
    'zh-CN': '尚未配置短信网关',
    'en-US': 'No SMS gateway is set up',
  },
  // 409, not 502: the gateway is the tenant's own setting, and a refusal of it is no fault of
  // this server's (a 5xx would read as one).
  [NotifyErr.SmsFailed]: {
    status: 409,
    'zh-CN': '短信网关未接受该短信：{reason}',
    'en-US': 'The SMS gateway did not take the message: {reason}',
  },
  [NotifyErr.NoRecipients]: {
    status: 409,
    'zh-CN': '告警未启用，或没有启用任何接收方式',
    'en-US': 'Warnings are off, or no way of delivering them is on',
  },
  [NotifyErr.HeaderRefused]: {
    status: 400,
    'zh-CN': '不能设置请求头 {header}：它由服务器自行设置，或会冒充来源身份',
    'en-US':
      'The header {header} cannot be set: the server sets it itself, or it would claim an identity',
  },
  // Answered at save (400) and, for an address stored before the rule, when sending (409).
  [NotifyErr.InternalAddress]: {
    status: 400,
    'zh-CN':
      '地址 {host} 指向内部网络（本机、内网、链路本地或云元数据地址），不允许连接；如确需使用，须由部署方在 OUTBOUND_ALLOW_HOSTS 中允许',
    'en-US':
      'The address {host} is internal (this machine, a private or link-local network, or cloud metadata) and may not be called; only the deployment can allow it, in OUTBOUND_ALLOW_HOSTS',
  },
  [NotifyErr.SecretsRequired]: {
    status: 400,
    'zh-CN': '地址已更改，请重新填写这些密钥：{fields}',
    'en-US': 'The address changed: type these secrets again: {fields}',
  },
  [NotifyErr.TemplateInvalid]: {
    status: 400,
    'zh-CN':
      '{field} 不可用：占位符只能用于网址的路径、查询部分和参数值（#c# 不能用于请求头），请求头不能含换行、控制字符或 Latin-1 以外的字符',
    'en-US':
      '{field} cannot be used: placeholders may stand only in the path and query of the address and in values (#c# not in a header), and a header may not hold line breaks, control characters or characters outside Latin-1',
  },
  [NotifyErr.Redirected]: {
    status: 409,
    'zh-CN': '短信网关要求重定向到 {host}，系统不跟随重定向；请填写最终地址',
    'en-US':
      'The SMS gateway answered with a redirect to {host}, which is not followed: enter the final address',
  },
  // One answer for every way of not answering: a finer one would map the ports of a host.
  [NotifyErr.NoAnswer]: {
    status: 409,
    'zh-CN': '短信网关没有应答（无法连接，或 10 秒内未应答）',
    'en-US': 'The SMS gateway did not answer (no connection, or no answer within 10 s)',
  },
};
