/** The report download page; lazy (admin-reports/lib/locales.ts). */
const adminReports = {
  intro:
    '日报、周报和月报汇总设备、激活、任务、告警和审计，提供 PDF（摘要）和 XLSX（摘要和全部设备）两种文件。报表在后台生成，列表显示进度。',
  kinds: { daily: '日报', weekly: '周报', monthly: '月报' },
  locales: { 'zh-CN': '中文', 'en-US': 'English' },
  status: { queued: '排队中', making: '生成中', done: '已完成', failed: '失败' },
  columns: {
    name: '名称',
    period: '周期',
    kind: '类型',
    language: '语言',
    status: '状态',
    size: '大小',
    madeBy: '生成方式',
    createdAt: '生成时间',
    download: '下载',
  },
  partial: '数据不完整',
  partialHelp: '生成时周期尚未结束：报表只统计到生成的时刻为止。',
  bySchedule: '定时',
  byUser: '{{account}} 手动生成',
  make: {
    open: '生成报表',
    title: '生成报表',
    kind: '报表类型',
    day: '周期内的日期',
    dayHelp: '不选则生成最近一个已结束的周期。',
    language: '报表语言',
    ok: '开始生成',
    notEnded: '所选周期尚未结束',
    notEndedHelp: '报表只统计到生成的时刻为止，数据不完整；周期结束后可再生成一份完整的报表。',
  },
  schedule: {
    title: '定时生成',
    help: '每个周期结束后自动生成上一周期的报表（按本浏览器的时区 {{tz}} 划分周期）。',
    kinds: '自动生成',
    language: '报表语言',
    save: '保存',
  },
  empty: '还没有报表：点击“生成报表”，或开启定时生成。',
  loadFailed: '报表列表加载失败',
};

export default adminReports;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    adminReports: typeof adminReports;
  }
}
