/** My license and the issue flow; lazy: registered by the myauth page. */
const licence = {
  upload: '上传请求文件',
  uploadHint: '上传控制台为设备生成的授权请求文件（.dat），确认后签发许可证。',
  onlyDat: '只能上传 .dat 文件',
  statusFilter: '按状态筛选',
  empty: '暂无授权，上传请求文件即可签发第一个许可证',
  columns: {
    code: '授权码',
    kind: '引擎类型',
    status: '状态',
    expiresAt: '到期时间',
    remainingDays: '剩余天数',
    devices: '已用 / 授权设备数',
    actions: '操作',
  },
  records: '续期记录',
  download: '下载证书',
  downloadOf: '下载 {{code}} 的证书',
  recordsOf: '续期记录：{{code}}',
  sub: {
    title: '子授权',
    deviceId: '设备 ID',
    name: '设备名称',
    fingerprint: '设备指纹',
    empty: '暂无子授权',
  },
  issue: {
    title: '签发许可证',
    resultTitle: '许可证已签发',
    device: '设备',
    deviceName: '设备名称',
    kind: '引擎类型',
    fingerprint: '设备指纹',
    installedSerial: '已安装许可证序号',
    monthsAsked: '请求月数',
    months: '签发月数',
    monthsHint: '1-120 个月，每月扣除 1 个月余额',
    cost: '扣除余额',
    balance: '当前余额',
    balanceAfter: '签发后余额',
    confirm: '确认签发',
    alreadyIssued: '该请求已签发过许可证，可直接下载，不会重复扣费。',
    lowBalance: '余额不足：需要 {{cost}} 个月，当前余额 {{balance}} 个月。',
    toRecharge: '去充值',
    expiresAt: '到期时间',
    serial: '许可证序号',
    newBalance: '当前余额',
    download: '下载许可证',
    resultHint: '下载许可证文件并导入控制台完成激活。',
  },
};

export default licence;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    licence: typeof licence;
  }
}
