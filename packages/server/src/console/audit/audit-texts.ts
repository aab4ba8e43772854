import {
  ackCheck,
  askElevation,
  askLearning,
  withdrawAck,
} from '@edp/shared/api/console/ack.calls';
import { COMMAND_TYPE_WORDS } from '@edp/shared/command-words';
import { DEVICE_VALUE_WORDS } from '@edp/shared/device-words';
import { LOG_VALUE_WORDS } from '@edp/shared/log-words';
import type { Locale } from '@edp/shared/errors';

/**
 * The words the audit log is read in, besides the calls' own labels (`label` in each call's
 * declaration) and the built-in roles' names (@edp/shared/built-in-roles). One place for the
 * list answer and the CSV; the web has no copy (it shows what the server answers).
 */
type Words<K extends string> = Record<K, Record<Locale, string>>;

/**
 * The actor's duties: the four menu modes, the vendor acting on a tenant, and an engine
 * enrolling itself (no user).
 */
export const DUTY_NAMES: Words<'system' | 'operate' | 'kss' | 'audit' | 'vendor' | 'engine'> = {
  system: { 'zh-CN': '系统管理员', 'en-US': 'System administrator' },
  operate: { 'zh-CN': '安全操作员', 'en-US': 'Security operator' },
  kss: { 'zh-CN': '密码管理员', 'en-US': 'Password manager' },
  audit: { 'zh-CN': '审计员', 'en-US': 'Auditor' },
  vendor: { 'zh-CN': '厂商管理员', 'en-US': 'Vendor administrator' },
  engine: { 'zh-CN': '引擎', 'en-US': 'Engine' },
};

export const RESULT_WORDS: Words<'success' | 'failure'> = {
  success: { 'zh-CN': '成功', 'en-US': 'Success' },
  failure: { 'zh-CN': '失败', 'en-US': 'Failure' },
};

/** The CSV's columns, in order; `time` takes the zone the times are written in. */
export const CSV_COLUMNS: Words<
  | 'time'
  | 'account'
  | 'role'
  | 'duty'
  | 'action'
  | 'target'
  | 'detail'
  | 'ip'
  | 'result'
  | 'errCode'
  | 'reason'
> = {
  time: { 'zh-CN': '时间（{zone}）', 'en-US': 'Time ({zone})' },
  account: { 'zh-CN': '操作账号', 'en-US': 'Actor account' },
  role: { 'zh-CN': '角色', 'en-US': 'Role' },
  duty: { 'zh-CN': '职责', 'en-US': 'Duty' },
  action: { 'zh-CN': '操作内容', 'en-US': 'Action' },
  target: { 'zh-CN': '对象', 'en-US': 'Target' },
  detail: { 'zh-CN': '详情', 'en-US': 'Details' },
  ip: { 'zh-CN': 'IP 地址', 'en-US': 'IP address' },
  result: { 'zh-CN': '结果', 'en-US': 'Result' },
  errCode: { 'zh-CN': '错误码', 'en-US': 'Error code' },
  reason: { 'zh-CN': '原因', 'en-US': 'Reason' },
};

/** Notes the server writes into an entry's detail (audit-service.ts, setup-service.ts). */
export const NOTES: Record<string, Record<Locale, string>> = {
  'by the vendor administrator': {
    'zh-CN': '由厂商管理员操作',
    'en-US': 'By the vendor administrator',
  },
  'detail too large to keep': {
    'zh-CN': '详情过大，未保存',
    'en-US': 'The details were too large to keep',
  },
  'enrolment secret made': { 'zh-CN': '生成注册密钥', 'en-US': 'Enrolment secret made' },
  'enrolment secret replaced': {
    'zh-CN': '更换注册密钥，旧密钥不再可用于注册',
    'en-US': 'Enrolment secret replaced; the old one no longer enrols engines',
  },
  'enrolment secret revoked': {
    'zh-CN': '吊销注册密钥，已用它注册的引擎不受影响',
    'en-US': 'Enrolment secret revoked; engines enrolled with it keep working',
  },
  'sent to set a new password': {
    'zh-CN': '密码正确，须先修改密码（首次登录或密码已过期）',
    'en-US': 'Password correct; sent to change the password first (first sign-in or expired)',
  },
  'initial password changed': {
    'zh-CN': '首次登录修改密码',
    'en-US': 'Initial password changed at first sign-in',
  },
  'expired password changed': {
    'zh-CN': '修改已过期的密码',
    'en-US': 'Expired password changed',
  },
};

/** A bulk action's target: how many devices, the first ones by name, how many more. */
export const DEVICES_TARGET: Words<'one' | 'many' | 'more'> = {
  one: { 'zh-CN': '{count} 台设备：{names}', 'en-US': '{count} device: {names}' },
  many: { 'zh-CN': '{count} 台设备：{names}', 'en-US': '{count} devices: {names}' },
  more: { 'zh-CN': '，另有 {more} 台', 'en-US': ' and {more} more' },
};

/** Labels of the fields services record in before/after (a field not here reads as its name). */
export const FIELD_LABELS: Record<string, Record<Locale, string>> = {
  account: { 'zh-CN': '账号', 'en-US': 'Account' },
  name: { 'zh-CN': '名称', 'en-US': 'Name' },
  phone: { 'zh-CN': '手机号码', 'en-US': 'Phone' },
  email: { 'zh-CN': '邮箱', 'en-US': 'E-mail' },
  jobNo: { 'zh-CN': '工号', 'en-US': 'Job number' },
  duty: { 'zh-CN': '职务', 'en-US': 'Job title' },
  status: { 'zh-CN': '状态', 'en-US': 'Status' },
  roleId: { 'zh-CN': '角色', 'en-US': 'Role' },
  groupId: { 'zh-CN': '分组', 'en-US': 'Group' },
  userId: { 'zh-CN': '用户', 'en-US': 'User' },
  mustChangePassword: { 'zh-CN': '须修改密码', 'en-US': 'Must change password' },
  menu: { 'zh-CN': '职责', 'en-US': 'Duty' },
  permission: { 'zh-CN': '权限', 'en-US': 'Permission' },
  groupIds: { 'zh-CN': '关联分组', 'en-US': 'Associated groups' },
  number: { 'zh-CN': '编号', 'en-US': 'Number' },
  parentId: { 'zh-CN': '上级分组', 'en-US': 'Parent group' },
  leader: { 'zh-CN': '负责人', 'en-US': 'Leader' },
  toGroupId: { 'zh-CN': '托管分组', 'en-US': 'Escrow group' },
  mode: { 'zh-CN': '托管方式', 'en-US': 'Escrow mode' },
  startAt: { 'zh-CN': '开始时间', 'en-US': 'Start' },
  endAt: { 'zh-CN': '结束时间', 'en-US': 'End' },
  picCodeTag: { 'zh-CN': '登录验证码', 'en-US': 'Login captcha' },
  'pwdMatch.reg': { 'zh-CN': '自定义密码规则', 'en-US': 'Custom password rule' },
  'pwdMatch.list': { 'zh-CN': '密码须包含', 'en-US': 'Password must contain' },
  'pwdMatch.range': { 'zh-CN': '密码长度', 'en-US': 'Password length' },
  expireDays: { 'zh-CN': '密码有效期（天）', 'en-US': 'Password expiry (days)' },
  lockCount: { 'zh-CN': '锁定前允许的失败次数', 'en-US': 'Failed logins before lockout' },
  sms: { 'zh-CN': '短信登录验证码', 'en-US': 'SMS login code' },
  mailCode: { 'zh-CN': '邮件登录验证码', 'en-US': 'E-mail login code' },
  domain: { 'zh-CN': '域名', 'en-US': 'Domain' },
  company: { 'zh-CN': '公司', 'en-US': 'Company' },
  sysName: { 'zh-CN': '系统名称', 'en-US': 'System name' },
  duties: { 'zh-CN': '设置的职责', 'en-US': 'Duties set up' },
  superAdmin: { 'zh-CN': '超级管理员', 'en-US': 'Super administrator' },
  items: { 'zh-CN': '条目', 'en-US': 'Items' },
  // The device centre (console/devices) and engine enrolment.
  action: { 'zh-CN': '批量操作', 'en-US': 'Bulk action' },
  group: { 'zh-CN': '目标分组', 'en-US': 'Target group' },
  'filter.keyword': { 'zh-CN': '筛选：关键字', 'en-US': 'Filter: keyword' },
  'filter.groupId': { 'zh-CN': '筛选：分组', 'en-US': 'Filter: group' },
  'filter.subgroups': { 'zh-CN': '筛选：包含子分组', 'en-US': 'Filter: include subgroups' },
  'filter.kind': { 'zh-CN': '筛选：引擎类型', 'en-US': 'Filter: engine kind' },
  'filter.type': { 'zh-CN': '筛选：授权类型', 'en-US': 'Filter: license type' },
  'filter.presence': { 'zh-CN': '筛选：在线状态', 'en-US': 'Filter: presence' },
  'filter.install': { 'zh-CN': '筛选：安装状态', 'en-US': 'Filter: install state' },
  kind: { 'zh-CN': '引擎类型', 'en-US': 'Engine kind' },
  systemType: { 'zh-CN': '系统类型', 'en-US': 'System type' },
  ip: { 'zh-CN': 'IP 地址', 'en-US': 'IP address' },
  port: { 'zh-CN': '端口', 'en-US': 'Port' },
  collectorIp: { 'zh-CN': '采集器 IP', 'en-US': 'Collector IP' },
  qid: { 'zh-CN': 'QID', 'en-US': 'QID' },
  remark: { 'zh-CN': '备注', 'en-US': 'Remark' },
  // Enrolment secrets (console/devices/enrol-secret-service.ts) and the enrolment that used one.
  secretName: { 'zh-CN': '注册密钥', 'en-US': 'Enrolment secret' },
  expiresAt: { 'zh-CN': '过期时间', 'en-US': 'Expires' },
  revoked: { 'zh-CN': '已吊销的密钥', 'en-US': 'Secrets revoked' },
  /** Of entries written before bulk actions named their devices. */
  ids: { 'zh-CN': '设备 ID', 'en-US': 'Device IDs' },
  // Installers (console/installers).
  id: { 'zh-CN': 'ID', 'en-US': 'ID' },
  fileName: { 'zh-CN': '文件名', 'en-US': 'File name' },
  version: { 'zh-CN': '版本', 'en-US': 'Version' },
  systemVersion: { 'zh-CN': '系统版本', 'en-US': 'System version' },
  description: { 'zh-CN': '描述', 'en-US': 'Description' },
  size: { 'zh-CN': '大小（字节）', 'en-US': 'Size (bytes)' },
  sha256: { 'zh-CN': 'SHA-256', 'en-US': 'SHA-256' },
  uploader: { 'zh-CN': '上传者', 'en-US': 'Uploader' },
  // Tasks and commands (console/commands).
  type: { 'zh-CN': '命令', 'en-US': 'Command' },
  path: { 'zh-CN': '路径', 'en-US': 'Path' },
  task: { 'zh-CN': '任务 ID', 'en-US': 'Task ID' },
  every: { 'zh-CN': '全部设备', 'en-US': 'Every device' },
  cancelled: { 'zh-CN': '取消的设备数', 'en-US': 'Devices cancelled' },
  retried: { 'zh-CN': '重试的设备数', 'en-US': 'Devices retried' },
  'filter.expiring': { 'zh-CN': '筛选：即将到期', 'en-US': 'Filter: expiring soon' },
  'filter.outdated': { 'zh-CN': '筛选：版本过旧', 'en-US': 'Filter: outdated version' },
  // Licences (console/licences).
  months: { 'zh-CN': '申请时长（月）', 'en-US': 'Months requested' },
  files: { 'zh-CN': '申请文件数', 'en-US': 'Request files' },
  // Elevation and learning-mode requests (console/elevation); `kind` of these reads as
  // `requestKind` (ACTION_FIELDS below).
  request: { 'zh-CN': '申请编号', 'en-US': 'Request ID' },
  requestKind: { 'zh-CN': '申请类型', 'en-US': 'Request kind' },
  windowS: { 'zh-CN': '申请时长', 'en-US': 'Window' },
  reason: { 'zh-CN': '理由', 'en-US': 'Reason' },
  askedBy: { 'zh-CN': '申请人', 'en-US': 'Asked by' },
  validUntil: { 'zh-CN': '有效期至', 'en-US': 'Valid until' },
  maxWindowS: { 'zh-CN': '最长申请时长', 'en-US': 'Longest window' },
  pendingExpiryHours: {
    'zh-CN': '待审核申请失效时间（小时）',
    'en-US': 'Pending requests expire after (hours)',
  },
  state: { 'zh-CN': '状态', 'en-US': 'State' },
  // Alerts and log settings (console/logs).
  note: { 'zh-CN': '处理说明', 'en-US': 'Note' },
  rules: { 'zh-CN': '日志过滤规则', 'en-US': 'Log filtering rules' },
  retentionMonths: { 'zh-CN': '保留时长（月）', 'en-US': 'Kept for (months)' },
  backup: { 'zh-CN': '删除前备份', 'en-US': 'Back up before deleting' },
  // Notifications (console/notify).
  'http.channel': { 'zh-CN': '短信通道', 'en-US': 'SMS channel' },
  'http.method': { 'zh-CN': '请求方法', 'en-US': 'Request method' },
  'http.contentType': { 'zh-CN': '内容类型', 'en-US': 'Content type' },
  'http.url': { 'zh-CN': '网关地址', 'en-US': 'Gateway URL' },
  'http.headers': { 'zh-CN': '请求头', 'en-US': 'Headers' },
  'http.params': { 'zh-CN': '请求参数', 'en-US': 'Parameters' },
  'cloud.endpoint': { 'zh-CN': '服务地址', 'en-US': 'Endpoint' },
  'cloud.signName': { 'zh-CN': '短信签名', 'en-US': 'Signature name' },
  'cloud.keyId': { 'zh-CN': 'AccessKey ID', 'en-US': 'AccessKey ID' },
  'cloud.key': { 'zh-CN': 'AccessKey Secret', 'en-US': 'AccessKey secret' },
  'cloud.templateCode': { 'zh-CN': '模板编号', 'en-US': 'Template code' },
  'cloud.templateType': { 'zh-CN': '模板类型', 'en-US': 'Template type' },
  text: { 'zh-CN': '短信内容', 'en-US': 'Message text' },
  timeZone: { 'zh-CN': '时区', 'en-US': 'Time zone' },
  enabled: { 'zh-CN': '已开启', 'en-US': 'On' },
  causes: { 'zh-CN': '告警原因', 'en-US': 'Causes' },
  offlineMinutes: { 'zh-CN': '离线告警阈值（分钟）', 'en-US': 'Offline after (minutes)' },
  maxReminders: { 'zh-CN': '最多提醒次数', 'en-US': 'Reminders at most' },
  intervalMinutes: { 'zh-CN': '提醒间隔（分钟）', 'en-US': 'Reminder interval (minutes)' },
  channels: { 'zh-CN': '通知方式', 'en-US': 'Channels' },
  phones: { 'zh-CN': '接收手机号', 'en-US': 'Phones' },
  emails: { 'zh-CN': '接收邮箱', 'en-US': 'E-mail addresses' },
  webhookUrl: { 'zh-CN': 'Webhook 地址', 'en-US': 'Webhook URL' },
  'webhookSecret.set': { 'zh-CN': 'Webhook 密钥已设置', 'en-US': 'Webhook secret set' },
  'webhookSecret.hint': { 'zh-CN': 'Webhook 密钥末位', 'en-US': 'Webhook secret ends in' },
  language: { 'zh-CN': '语言', 'en-US': 'Language' },
  deliveries: { 'zh-CN': '发送条数', 'en-US': 'Messages sent' },
  // Reports (console/reports).
  from: { 'zh-CN': '起始时间', 'en-US': 'From' },
  to: { 'zh-CN': '截止时间', 'en-US': 'To' },
  tz: { 'zh-CN': '时区', 'en-US': 'Time zone' },
  daily: { 'zh-CN': '日报', 'en-US': 'Daily report' },
  weekly: { 'zh-CN': '周报', 'en-US': 'Weekly report' },
  monthly: { 'zh-CN': '月报', 'en-US': 'Monthly report' },
  locale: { 'zh-CN': '报表语言', 'en-US': 'Report language' },
  // Key management (docs/keys.md): ids, counts and choices, never key material.
  keyId: { 'zh-CN': '数据密钥', 'en-US': 'Data key' },
  deviceId: { 'zh-CN': '设备', 'en-US': 'Device' },
  escrowKeyId: { 'zh-CN': '托管密钥', 'en-US': 'Escrow key' },
  windowKeyId: { 'zh-CN': '窗口签名密钥', 'en-US': 'Window-signing key' },
  threshold: { 'zh-CN': '门限', 'en-US': 'Threshold' },
  holders: { 'zh-CN': '分片持有人', 'en-US': 'Share holders' },
  share: { 'zh-CN': '分片', 'en-US': 'Share' },
  splitState: { 'zh-CN': '分割状态', 'en-US': 'Split state' },
  'split.id': { 'zh-CN': '分割编号', 'en-US': 'Split ID' },
  'split.threshold': { 'zh-CN': '分割门限', 'en-US': 'Split threshold' },
  'split.holders': { 'zh-CN': '分割持有人', 'en-US': 'Split holders' },
  deliver: { 'zh-CN': '交付方式', 'en-US': 'Delivery' },
  protectedWith: { 'zh-CN': '保护方式', 'en-US': 'Protected with' },
  by: { 'zh-CN': '操作人', 'en-US': 'By' },
  own: { 'zh-CN': '租户自有密钥', 'en-US': "Tenant's own key" },
  revoke: { 'zh-CN': '吊销旧密钥', 'en-US': 'Old key revoked' },
  retiring: { 'zh-CN': '待退役托管密钥', 'en-US': 'Retiring escrow key' },
  retired: { 'zh-CN': '已退役托管密钥', 'en-US': 'Retired escrow key' },
  notReEscrowed: { 'zh-CN': '未重新托管的设备', 'en-US': 'Devices not re-escrowed' },
  'action.escrowKeyId': { 'zh-CN': '处置：托管密钥', 'en-US': 'Action: escrow key' },
  'action.holders': { 'zh-CN': '处置：分片持有人', 'en-US': 'Action: share holders' },
  'action.replacedKeyId': { 'zh-CN': '处置：被替换的密钥', 'en-US': 'Action: replaced key' },
  'action.revoke': { 'zh-CN': '处置：吊销旧密钥', 'en-US': 'Action: old key revoked' },
  'action.splitId': { 'zh-CN': '处置：分割编号', 'en-US': 'Action: split ID' },
  'action.taskId': { 'zh-CN': '处置：任务编号', 'en-US': 'Action: task ID' },
  'action.threshold': { 'zh-CN': '处置：门限', 'en-US': 'Action: threshold' },
  'action.windows': { 'zh-CN': '处置：结束的窗口', 'en-US': 'Action: windows ended' },
  'action.windowsEnded': {
    'zh-CN': '处置：结束的窗口数',
    'en-US': 'Action: number of windows ended',
  },
};

/**
 * Fields that mean another thing under some actions: an elevation or learning-mode request's
 * `kind` is the request's kind, not the engine's (issue 35, point 10: "引擎类型：elevation").
 */
const REQUEST_FIELDS = { kind: 'requestKind' };
export const ACTION_FIELDS: Record<string, Record<string, string>> = Object.fromEntries(
  [askElevation, askLearning, withdrawAck, ackCheck].map((c) => [c.path, REQUEST_FIELDS]),
);

/** Fields that hold a number of seconds, read as days, hours, minutes and seconds. */
export const DURATION_WORDS: Words<'days' | 'hours' | 'minutes' | 'seconds'> = {
  days: { 'zh-CN': '{n} 天', 'en-US': '{n} d' },
  hours: { 'zh-CN': '{n} 小时', 'en-US': '{n} h' },
  minutes: { 'zh-CN': '{n} 分钟', 'en-US': '{n} min' },
  seconds: { 'zh-CN': '{n} 秒', 'en-US': '{n} s' },
};

/** Words for the values of some fields (by field, then value). */
export const VALUE_WORDS: Record<string, Record<string, Record<Locale, string>>> = {
  status: {
    normal: { 'zh-CN': '正常', 'en-US': 'Normal' },
    disabled: { 'zh-CN': '禁用', 'en-US': 'Disabled' },
    deleted: { 'zh-CN': '已删除', 'en-US': 'Deleted' },
    active: { 'zh-CN': '已启用', 'en-US': 'Active' },
    inactive: { 'zh-CN': '已停用', 'en-US': 'Inactive' },
  },
  permission: {
    read: { 'zh-CN': '只读', 'en-US': 'Read-only' },
    write: { 'zh-CN': '可写', 'en-US': 'Writable' },
  },
  menu: DUTY_NAMES,
  mode: {
    tiered: { 'zh-CN': '分级托管', 'en-US': 'Tiered' },
    sibling: { 'zh-CN': '同级托管', 'en-US': 'Sibling' },
  },
  action: {
    deprecate: { 'zh-CN': '废弃', 'en-US': 'Deprecate' },
    move: { 'zh-CN': '移动到分组', 'en-US': 'Move to group' },
    purge: { 'zh-CN': '彻底删除', 'en-US': 'Delete permanently' },
  },
  type: COMMAND_TYPE_WORDS,
  requestKind: {
    elevation: { 'zh-CN': '提权', 'en-US': 'Elevation' },
    learning: { 'zh-CN': '学习模式', 'en-US': 'Learning mode' },
  },
  // An elevation request's and an alert's states (one field, distinct values).
  state: {
    pending: { 'zh-CN': '待审核', 'en-US': 'Pending' },
    approved: { 'zh-CN': '已通过', 'en-US': 'Approved' },
    rejected: { 'zh-CN': '已驳回', 'en-US': 'Rejected' },
    withdrawn: { 'zh-CN': '已撤回', 'en-US': 'Withdrawn' },
    ...LOG_VALUE_WORDS.state,
  },
  // The device centre's own words (the page and the export read the same).
  'filter.type': DEVICE_VALUE_WORDS.type,
  'filter.presence': DEVICE_VALUE_WORDS.presence,
  'filter.install': DEVICE_VALUE_WORDS.install,
  'pwdMatch.list': {
    upper: { 'zh-CN': '大写字母', 'en-US': 'upper case letters' },
    lower: { 'zh-CN': '小写字母', 'en-US': 'lower case letters' },
    number: { 'zh-CN': '数字', 'en-US': 'numbers' },
    special: { 'zh-CN': '特殊字符', 'en-US': 'special characters' },
  },
};

export const YES_NO: Words<'yes' | 'no'> = {
  yes: { 'zh-CN': '是', 'en-US': 'Yes' },
  no: { 'zh-CN': '否', 'en-US': 'No' },
};

/** How a list of values, and a list of fields, is joined in each language. */
export const SEPARATORS: Words<'list' | 'fields' | 'pair'> = {
  list: { 'zh-CN': '、', 'en-US': ', ' },
  fields: { 'zh-CN': '；', 'en-US': '; ' },
  pair: { 'zh-CN': '：', 'en-US': ': ' },
};
