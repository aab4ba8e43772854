import type { Locale } from '../errors.ts';

/**
 * The messages of the contracts' own checks, in both languages. A schema names its message by
 * key (`rule('md5')` gives 'rule.md5'); the server puts it in the caller's language when it
 * answers; zod's built-in checks are worded from the same texts (server:
 * platform/http/field-messages.ts), and the web's forms show them too (web: lib/field-rules.ts).
 */
export const fieldRules = {
  text: {
    'zh-CN': '含有无法保存的字符（NUL 或不成对的代理字符）',
    'en-US': 'contains characters that cannot be stored (NUL or an unpaired surrogate)',
  },
  depth: { 'zh-CN': '嵌套层级过深', 'en-US': 'is nested too deeply' },
  required: { 'zh-CN': '为必填项', 'en-US': 'is required' },
  notEmpty: { 'zh-CN': '不能为空', 'en-US': 'must not be empty' },
  tooLong: { 'zh-CN': '不能超过 {n} 个字符', 'en-US': 'must be at most {n} characters' },
  tooShort: { 'zh-CN': '至少需要 {n} 个字符', 'en-US': 'must be at least {n} characters' },
  tooBig: { 'zh-CN': '不能大于 {n}', 'en-US': 'must be at most {n}' },
  tooSmall: { 'zh-CN': '不能小于 {n}', 'en-US': 'must be at least {n}' },
  tooMany: { 'zh-CN': '不能超过 {n} 项', 'en-US': 'must have at most {n} items' },
  tooFew: { 'zh-CN': '至少需要 {n} 项', 'en-US': 'must have at least {n} items' },
  wholeNumber: { 'zh-CN': '须为整数', 'en-US': 'must be a whole number' },
  wrongType: { 'zh-CN': '类型不正确', 'en-US': 'has the wrong type' },
  notAllowed: { 'zh-CN': '不是可选的值', 'en-US': 'is not one of the allowed values' },
  wrongFormat: { 'zh-CN': '格式不正确', 'en-US': 'has the wrong format' },
  pageSize: { 'zh-CN': '须为 10、20、30、40 或 50', 'en-US': 'must be 10, 20, 30, 40 or 50' },
  md5: {
    'zh-CN': '须为密码的小写十六进制 MD5',
    'en-US': 'must be the lower-case hex MD5 of the password',
  },
  email: { 'zh-CN': '须为有效的电子邮件地址', 'en-US': 'must be a valid e-mail address' },
  sixDigits: { 'zh-CN': '须为 6 位数字', 'en-US': 'must be 6 digits' },
  hostName: { 'zh-CN': '须为不带端口的主机名', 'en-US': 'must be a host name without port' },
  hex32: { 'zh-CN': '须为 32 位小写十六进制数字', 'en-US': 'must be 32 lower-case hex digits' },
  account: {
    'zh-CN': '须为 1-64 个字符，不含空白',
    'en-US': 'must be 1-64 characters without white space',
  },
  vendorAccount: {
    'zh-CN': '须为 3-50 个字母、数字或 _ . @ -',
    'en-US': 'must be 3-50 letters, digits or _ . @ -',
  },
  name: {
    'zh-CN': '不能含空白，且少于 20 个字符',
    'en-US': 'no white space, under 20 characters',
  },
  phone: { 'zh-CN': '请输入正确的手机号码', 'en-US': 'please enter the correct phone number' },
  date: {
    'zh-CN': '须为 1970 年至 9999 年之间的有效日期时间',
    'en-US': 'must be a valid date and time between 1970 and 9999',
  },
  startBeforeEnd: { 'zh-CN': '开始时间须早于结束时间', 'en-US': 'start must be before end' },
  rangeOrder: { 'zh-CN': '下限不能大于上限', 'en-US': 'the minimum must not exceed the maximum' },
  ip: { 'zh-CN': '须为有效的 IP 地址', 'en-US': 'must be a valid IP address' },
  port: {
    'zh-CN': '须为 1 到 65535 之间的端口号',
    'en-US': 'must be a port number from 1 to 65535',
  },
  fingerprint: {
    'zh-CN': '须为 16 到 128 位的十六进制字符',
    'en-US': 'must be 16 to 128 hexadecimal characters',
  },
  enrolSecret: { 'zh-CN': '注册密钥格式不正确', 'en-US': 'is not an enrolment secret' },
  future: { 'zh-CN': '须晚于当前时间', 'en-US': 'must be in the future' },
  absolutePath: {
    'zh-CN': '须为绝对路径（以 / 或盘符开头）',
    'en-US': 'must be an absolute path (starting with / or a drive letter)',
  },
  resultDetail: {
    'zh-CN': '过大（JSON 最多 256 KB）',
    'en-US': 'is too large (at most 256 KB as JSON)',
  },
  taskOrDevice: {
    'zh-CN': '须给出任务 ID 或设备 ID 之一',
    'en-US': 'must give either a task id or a device id',
  },
  taskTarget: {
    'zh-CN': '须给出设备 ID 列表、有条件的筛选，或明确选择全部设备之一',
    'en-US':
      'must give one of: a list of device ids, a filter with a condition, or every device chosen explicitly',
  },
  certificatesOrArchive: {
    'zh-CN': '须给出证书文件或证书压缩包',
    'en-US': 'must give certificate files or an archive of them',
  },
  deviceTarget: {
    'zh-CN': '须给出设备 ID 列表或筛选条件之一',
    'en-US': 'must give either a list of device ids or a filter',
  },
  timeZone: {
    'zh-CN': '须为 IANA 时区名称，如 Asia/Shanghai',
    'en-US': 'must be an IANA time zone name, such as Asia/Shanghai',
  },
  installerExtension: {
    'zh-CN': '扩展名不合法，仅支持 .RPM、.DEB、.TAR.GZ、.TGZ、.ZIP、.EXE、.MSI',
    'en-US':
      'has an illegal extension; only .rpm, .deb, .tar.gz, .tgz, .zip, .exe and .msi are accepted',
  },
  installerFormat: {
    'zh-CN': '安装包格式与扩展名不符',
    'en-US': 'is not in the format its extension names',
  },
  base64: { 'zh-CN': '须为 Base64 编码', 'en-US': 'must be base64' },
  version: {
    'zh-CN': '须为版本号，如 1.2.3',
    'en-US': 'must be a version number such as 1.2.3',
  },
  window: {
    'zh-CN': '时长须为 1 秒至 30 天',
    'en-US': 'must last from 1 second to 30 days',
  },
  cursor: { 'zh-CN': '不是有效的翻页位置', 'en-US': 'is not a valid page position' },
  ageRecipient: {
    'zh-CN': '须为 X25519 公钥（以 age1 开头）',
    'en-US': 'must be an age public key (age1…, as age-keygen prints it)',
  },
  passphrase: { 'zh-CN': '口令至少需要 12 个字符', 'en-US': 'must be at least 12 characters' },
  shareText: {
    'zh-CN': '不是密钥分片',
    'en-US': 'is not a key share (edp-share.1.…)',
  },
  threshold: {
    'zh-CN': '门限不能大于持有人数',
    'en-US': 'must not be more than the number of holders',
  },
  distinctHolders: { 'zh-CN': '持有人不能重复', 'en-US': 'must name each holder once' },
  serialId: {
    'zh-CN': '须为 1 至 9223372036854775807 之间的整数',
    'en-US': 'must be a whole number from 1 to 9223372036854775807',
  },
  reportDay: {
    'zh-CN': '须为 1970-01-01 至 9999-11-30 之间的有效日期，如 2026-11-25',
    'en-US': 'must be a real day from 1970-01-01 to 9999-11-30, such as 2026-11-25',
  },
  glob: {
    'zh-CN': '不是有效的通配符（如 [z-a] 这样的字符范围）',
    'en-US': 'is not a valid glob (such as a character range like [z-a])',
  },
  inSequence: {
    'zh-CN': '须按序号连续排列',
    'en-US': 'must be numbered in order without gaps',
  },
  range: { 'zh-CN': '开始时间须早于结束时间', 'en-US': 'must start before it ends' },
  httpUrl: {
    'zh-CN': '须为以 HTTP:// 或 HTTPS:// 开头的网址',
    'en-US': 'must be an address starting with http:// or https://',
  },
  smsPlaceholders: {
    'zh-CN': '参数中须含手机号占位符 #m# 和内容占位符 #c#',
    'en-US':
      'must hold the phone placeholder #m# and the content placeholder #c# in its parameters',
  },
  headerName: {
    'zh-CN': '须为有效的 HTTP 头名称',
    'en-US': 'must be a valid HTTP header name',
  },
} satisfies Record<string, Record<Locale, string>>;

export type FieldRule = keyof typeof fieldRules;

const PREFIX = 'rule.';

/** The message key a schema gives its check: `z.string().regex(re, rule('md5'))`. */
export const rule = (key: FieldRule) => `${PREFIX}${key}`;

/** The text of a `rule.*` key in `locale`, or undefined for any other string. */
export function ruleText(message: string, locale: Locale): string | undefined {
  if (!message.startsWith(PREFIX)) return undefined;
  return (fieldRules as Record<string, Record<Locale, string>>)[message.slice(PREFIX.length)]?.[
    locale
  ];
}

/** A rule's text in `locale` with its `{n}` filled in. */
export function ruleWith(key: FieldRule, locale: Locale, n: number): string {
  return fieldRules[key][locale].replace('{n}', String(n));
}
