import type { Catalogue } from './types.ts';

/** Commands and tasks (docs/commands.md): -10120…-10139. */
export const CommandErr = {
  DeviceOffline: -10120,
  NoAnswer: -10121,
  TargetEmpty: -10122,
  TaskOver: -10123,
  /** A command's own message when it ended without an answer, or was cancelled. */
  Expired: -10124,
  Cancelled: -10125,
  /** A renewal asked of a device that holds no valid licence. */
  NothingToRenew: -10126,
  /** A renewal certificate of another licence than the one installed. */
  OtherLicence: -10127,
  /** More devices than one licence request archive holds. */
  TooManyDevices: -10128,
  /** An upgrade to a version the vendor's catalogue holds back (draft, testing or withdrawn). */
  VersionNotReleased: -10129,
} as const;

export const commandCatalogue: Catalogue = {
  [CommandErr.VersionNotReleased]: {
    status: 409,
    'zh-CN': '厂商未发布版本 {version}（草稿、测试中或已撤回），不能升级到该版本',
    'en-US':
      'The vendor has not released version {version} (a draft, in testing or withdrawn); engines cannot be upgraded to it',
  },
  [CommandErr.DeviceOffline]: {
    status: 409,
    'zh-CN': '设备离线，引擎现在无法应答',
    'en-US': 'The device is offline; its engine cannot answer now',
  },
  [CommandErr.NoAnswer]: {
    status: 409,
    'zh-CN': '引擎未在 {seconds} 秒内应答，命令已撤回，不会再执行',
    'en-US':
      'The engine did not answer within {seconds} s; the command was withdrawn and will not run',
  },
  [CommandErr.TargetEmpty]: {
    status: 409,
    'zh-CN': '没有匹配的运行中设备，未创建任务',
    'en-US': 'No running device matches; no task was created',
  },
  [CommandErr.TaskOver]: {
    status: 409,
    'zh-CN': '任务已结束，没有可取消的设备',
    'en-US': 'The task is over; nothing is left to cancel',
  },
  [CommandErr.Expired]: {
    status: 409,
    'zh-CN': '截止时间前未得到引擎应答',
    'en-US': 'No answer from the engine before the deadline',
  },
  [CommandErr.Cancelled]: {
    status: 409,
    'zh-CN': '开始执行前已取消',
    'en-US': 'Cancelled before it started',
  },
  [CommandErr.NothingToRenew]: {
    status: 409,
    'zh-CN': '设备没有有效的许可证，无法续期，请先激活',
    'en-US': 'The device holds no valid license to renew; activate it first',
  },
  [CommandErr.OtherLicence]: {
    status: 409,
    'zh-CN': '续期证书属于另一个许可证（{code}），与设备已安装的许可证不符',
    'en-US': 'The renewal certificate is for another license ({code}) than the one installed',
  },
  [CommandErr.TooManyDevices]: {
    status: 409,
    'zh-CN': '共 {count} 台设备，一次最多 {max} 台，请缩小范围',
    'en-US': '{count} devices; at most {max} at once, please narrow the selection',
  },
};
