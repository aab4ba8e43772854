/**
 * The data overview's charts on the home page and the big screen (issue 26, docs/overview.md).
 */
const adminOverview = {
  charts: '数据概览',
  range: {
    label: '时间范围',
    '24h': '24 小时',
    '7d': '7 天',
    '30d': '30 天',
    '12m': '12 个月',
  },
  streams: {
    access: '访问事件',
    denied: '拒绝访问',
    dpi: 'DPI 变更',
    tde: 'TDE 变更',
    alert: '告警',
  },
  presence: {
    online: '在线',
    offline: '离线',
    never: '未上线',
  },
  expiry: {
    expired: '已过期',
    week: '7 天内',
    month: '8–30 天',
    quarter: '31–90 天',
  },
  events: '事件与告警',
  eventsSummary:
    '{{range}}：访问事件 {{access}}，其中拒绝 {{denied}}；DPI 变更 {{dpi}}；TDE 变更 {{tde}}；告警 {{alert}}',
  topDevices: '告警最多的设备',
  topSummary: '告警最多的设备：{{list}}',
  noAlerts: '该时间范围内没有告警。',
  byPresence: '设备状态',
  byKind: '设备类型',
  licences: '许可证到期',
  pieSummary: '{{title}}：{{list}}',
  unknownDevice: '（已删除的设备）',
  failed: '统计数据加载失败。',
  openScreen: '打开大屏展示',
  screen: {
    title: '终端安全态势',
    devices: '设备总数',
    online: '在线设备',
    alerts24h: '24 小时告警',
    denied24h: '24 小时拒绝访问',
    fullscreen: '全屏显示',
    exitFullscreen: '退出全屏',
    updated: '更新于 {{time}}',
    stale: '数据未能刷新，显示的是 {{time}} 的数据',
    events24h: '最近 24 小时的事件',
    top7d: '最近 7 天告警最多的设备',
  },
};

export default adminOverview;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    adminOverview: typeof adminOverview;
  }
}
