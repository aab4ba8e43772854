/** 激活与续期、许可证管理（issue 24）。 */
const adminLicences = {
  steps: {
    title: '激活与续期',
    request: '下载申请文件',
    requestActivate: '下载激活申请文件',
    requestRenew: '下载续期申请文件',
    requestDesc: '控制台向引擎读取其硬件指纹和已安装的许可证序列号，生成申请文件（.dat）。',
    portal: '上传到官网',
    portalDesc: '在厂商官网“我的授权”中上传申请文件并确认购买的月数。',
    openPortal: '打开官网“我的授权”',
    certificate: '下载证书',
    certificateDesc: '官网签发许可证证书（.lic），下载到本机。',
    upload: '上传证书',
    uploadDesc: '控制台用厂商公钥校验证书后交给引擎安装，并显示引擎的应答。',
    chooseFile: '选择证书文件（.lic）',
    months: '申请月数',
    monthsUnit: '个月',
    made: '已于 {{time}} 由 {{by}} 生成申请文件（{{months}} 个月），等待上传证书。',
    saved: '已下载 {{name}}',
    installed: '引擎已安装许可证 {{code}}（序列号 {{serial}}），有效期至 {{expires}}。',
    refused: '未安装：{{message}}',
    readOnly: '您的角色只能查看；生成申请文件和上传证书需要安全操作员的写权限。',
    notRunning: '设备已废弃，不能再激活或续期。',
  },
  records: {
    title: '续期记录',
    outstanding: '待上传证书的申请',
    empty: '还没有安装记录',
    at: '时间',
    by: '操作人',
    purpose: '类型',
    code: '许可证编号',
    serial: '序列号',
    expires: '到期时间',
    task: '批量任务',
    requestId: '申请编号',
  },
  purpose: { activate: '激活', renew: '续期' },
  state: { none: '未安装', normal: '正常', expiring: '即将到期', expired: '已过期' },
  /** Days left (shared licence-days.ts): expired ones as how long ago, never a negative count. */
  days: {
    left_one: '{{count}} 天',
    left_other: '{{count}} 天',
    expiredToday: '今天已过期',
    expired_one: '已过期 {{count}} 天',
    expired_other: '已过期 {{count}} 天',
  },
  list: {
    intro: '租户内每台运行中设备的许可证；已过期和 30 天内到期的排在最前。',
    keyword: '设备名称、编号或 IP',
    allStates: '全部状态',
    device: '设备',
    group: '分组',
    kind: '引擎类型',
    code: '许可证编号',
    serial: '序列号',
    expires: '到期时间',
    daysLeft: '剩余天数',
    state: '状态',
    selected: '已选 {{count}} 台',
    download: '批量下载申请文件',
    upload: '批量上传证书',
    months: '申请月数',
    archiveSaved:
      '已下载 {{count}} 个申请文件（{{name}}）。在官网“我的授权”上传这个压缩包，即可一并签发；签发后的证书压缩包可在这里直接上传。',
    archiveSkipped: '{{names}} 从未上报硬件指纹，未生成申请文件。',
    uploadTitle: '证书上传结果',
    accepted_one: '{{count}} 个证书已校验通过，正在交给引擎安装：',
    accepted_other: '{{count}} 个证书已校验通过，正在交给引擎安装：',
    openTask: '查看任务',
    refusedTitle_one: '{{count}} 个证书被拒绝',
    refusedTitle_other: '{{count}} 个证书被拒绝',
    noneAccepted: '没有可安装的证书。',
    empty: '没有符合条件的设备',
  },
};
export default adminLicences;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    adminLicences: typeof adminLicences;
  }
}
