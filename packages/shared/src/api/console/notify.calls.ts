import { ZEmpty } from '../../contracts/common.ts';
import {
  ZDeliveryList,
  ZDeliveryQuery,
  ZSmsSettings,
  ZSmsSettingsView,
  ZSmsTest,
  ZSmsTestResult,
  ZWarnSettings,
  ZWarnSettingsView,
  ZWarnTestResult,
} from '../../contracts/notify.ts';
import { call, consoleRead, consoleWrite } from '../define.ts';

/**
 * SMS and warnings (docs/notifications.md): system configuration, so the system administrator's
 * duty (`system`) reads and sets them; its delivery log too (it is where a wrong setting shows).
 * The tests send real messages: they are writes.
 */
const tag = 'notify';

export const smsSettings = call({
  method: 'POST',
  path: '/sms/s/get-set',
  access: consoleRead('system'),
  tag,
  summary: 'The SMS gateway: HTTP or cloud SMS, secrets shown only by their last characters',
  label: { 'zh-CN': '查看短信配置', 'en-US': 'View SMS settings' },
  body: ZEmpty,
  data: ZSmsSettingsView,
});

export const setSmsSettings = call({
  method: 'POST',
  path: '/sms/s/set',
  access: consoleWrite('system'),
  tag,
  summary: 'Set the SMS gateway (an empty secret keeps the stored one)',
  label: { 'zh-CN': '修改短信配置', 'en-US': 'Change SMS settings' },
  body: ZSmsSettings,
  message: 'modified',
});

export const testSms = call({
  method: 'POST',
  path: '/sms/s/test',
  access: consoleWrite('system'),
  tag,
  summary: 'Send a test SMS through the stored gateway to the bound phone (or the one given)',
  label: { 'zh-CN': '发送测试短信', 'en-US': 'Send test SMS' },
  body: ZSmsTest,
  data: ZSmsTestResult,
  message: 'sent',
  rateLimit: 'strict',
});

export const warnSettings = call({
  method: 'POST',
  path: '/warn/s/get-set',
  access: consoleRead('system'),
  tag,
  summary: 'Warning settings: the switch, reminders, causes, recipients and the webhook',
  label: { 'zh-CN': '查看告警配置', 'en-US': 'View warning settings' },
  body: ZEmpty,
  data: ZWarnSettingsView,
});

export const setWarnSettings = call({
  method: 'POST',
  path: '/warn/s/set',
  access: consoleWrite('system'),
  tag,
  summary: 'Set the warning settings (an empty webhook secret keeps the stored one)',
  label: { 'zh-CN': '修改告警配置', 'en-US': 'Change warning settings' },
  body: ZWarnSettings,
  message: 'modified',
});

export const testWarning = call({
  method: 'POST',
  path: '/warn/s/test',
  access: consoleWrite('system'),
  tag,
  summary: 'Send a test warning to every recipient of every channel that is on',
  label: { 'zh-CN': '发送测试告警', 'en-US': 'Send test warning' },
  body: ZEmpty,
  data: ZWarnTestResult,
  message: 'sent',
  rateLimit: 'strict',
});

export const warnDeliveries = call({
  method: 'POST',
  path: '/warn/m/deliveries',
  access: consoleRead('system'),
  tag,
  summary: 'The delivery log: each message of a warning by SMS, e-mail or webhook, newest first',
  label: { 'zh-CN': '查看告警发送记录', 'en-US': 'View warning deliveries' },
  body: ZDeliveryQuery,
  data: ZDeliveryList,
});
