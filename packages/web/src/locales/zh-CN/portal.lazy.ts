/** Texts the portal's signed-in screens share; lazy: registered by components/portal-texts.ts. */
const portal = {
  status: {
    normal: '正常',
    expiring: '即将过期',
    expired: '已过期',
    unlicensed: '未授权',
    all: '全部状态',
  },
  kinds: {
    TDE: '数据加密',
    DI: '数据完整性',
    DPI: '数据与程序完整性',
    PWE: '访问控制加密（PWE）',
    PWO: '访问控制加密（PWO）',
  },
  records: {
    createdAt: '签发时间',
    type: '类型',
    licence: '许可证',
    renewal: '许可证续期',
    elevation: '提权文件',
    licenseCode: '授权码',
    deviceId: '设备 ID',
    kind: '引擎类型',
    serial: '序号',
    months: '月数',
    cost: '扣费（月）',
    validFrom: '生效时间',
    validUntil: '有效期至',
    download: '下载',
    downloadFile: '下载 {{name}}',
    downloaded: '已下载 {{name}}',
    empty: '暂无签发记录',
  },
  units: {
    months: '{{count}} 个月',
    days: '{{count}} 天',
  },
  actions: {
    search: '搜索',
    reset: '重置',
    refresh: '刷新',
    back: '返回',
    close: '关闭',
  },
  total: '共 {{total}} 条',
};

export default portal;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    portal: typeof portal;
  }
}
