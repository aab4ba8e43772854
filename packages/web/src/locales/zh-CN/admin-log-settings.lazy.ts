/** The log settings page (system configuration); lazy (admin-log-settings/lib/locales.ts). */
const adminLogSettings = {
  intro:
    '访问控制日志和监控日志按周存放。每小时的清理会先把超出保留期的整周备份到服务器的备份目录（开启备份时），再整周删除。',
  settings: {
    title: '清理设置',
    retention: '日志保留期',
    months: { '1': '1 个月', '6': '半年', '12': '1 年' },
    backup: '清理前备份',
    backupHelp:
      '每周、每种日志一个压缩文件，附 SHA-256 校验值，保存在服务器上。需要恢复某一周的日志时，请运行服务器的管理员按部署文档“日志保留与备份”一节的恢复步骤操作。',
    save: '保存',
    shortenTitle: '缩短日志保留期？',
    shortenBody:
      '新保留期（{{toPeriod}}）短于当前保留期（{{fromPeriod}}）：超出新保留期的日志立即不再显示，并会在下一次清理（一小时内）时删除{{backup}}。',
    withBackup: '，删除前先备份',
    withoutBackup: '，且不做备份',
    shortenOk: '缩短并保存',
  },
  backups: {
    title: '日志备份',
    name: '文件名',
    week: '周',
    rows: '条数',
    size: '大小',
    sha256: 'SHA-256',
    at: '备份时间',
    empty: '还没有备份：备份在清理删除一周的日志之前写入。',
    loadFailed: '备份列表加载失败',
  },
};

export default adminLogSettings;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    adminLogSettings: typeof adminLogSettings;
  }
}
