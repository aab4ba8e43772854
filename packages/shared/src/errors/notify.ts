import type { Catalogue } from './types.ts';

/** SMS, warnings and their deliveries (docs/notifications.md): -10160…-10169. */
export const NotifyErr = {
  SmsOff: -10160,
  SmsFailed: -10161,
  NoRecipients: -10162,
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
};
