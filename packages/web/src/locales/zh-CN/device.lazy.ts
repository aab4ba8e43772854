/** My engine and device details; lazy: registered by the device pages. */
const device = {
  counters: {
    '-1': '未授权',
    '0': 'TDE',
    '1': 'DI',
    '2': 'DPI',
    '3': 'PWE',
    '4': 'PWO',
    '5': '已过期',
  },
  countersLabel: '引擎统计',
  keyword: '搜索设备 ID、名称或指纹',
  kindFilter: '引擎类型',
  typeFilter: '授权类型',
  allKinds: '全部类型',
  allTypes: '全部授权类型',
  empty: '暂无引擎。在“我的授权”上传请求文件后，引擎会出现在这里。',
  columns: {
    deviceId: '设备 ID',
    name: '设备名称',
    kind: '引擎类型',
    status: '授权状态',
    expiresAt: '到期时间',
    remainingDays: '剩余天数',
    lastRequestAt: '最近请求',
    actions: '操作',
  },
  detail: '详情',
  detailOf: '查看 {{device}} 的详情',
  info: {
    title: '基本信息',
    deviceId: '设备 ID',
    name: '设备名称',
    fingerprint: '设备指纹',
    createdAt: '首次请求',
    lastRequestAt: '最近请求',
    engines: '授权',
    records: '签发记录',
  },
  notFound: {
    title: '设备不存在',
    subTitle: '该设备不存在或不属于您的企业。',
    back: '返回我的引擎',
  },
  elevation: {
    action: '提权文件',
    needsLicence: '该设备没有有效的许可证，无法生成提权文件',
    title: '生成提权文件',
    intro: '提权文件允许设备在限定时间内以提权模式运行，最长 30 天且不超过许可证有效期。',
    days: '天',
    hours: '时',
    minutes: '分',
    seconds: '秒',
    required: '请输入提权时长',
    tooLong: '提权时长最长 30 天',
    submit: '生成并下载',
    done: '提权文件有效期：{{from}} 至 {{until}}',
  },
};

export default device;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    device: typeof device;
  }
}
