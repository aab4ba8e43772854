import type { Catalogue } from './types.ts';

/** Elevation and learning mode under review (docs/elevation.md): -10150…-10159. */
export const AckErr = {
  AlreadyPending: -10150,
  OwnRequest: -10151,
  NotPending: -10152,
  WindowTooLong: -10153,
  NotRunning: -10154,
  LongerThanApproved: -10155,
  NoEngine: -10156,
} as const;

export const ackCatalogue: Catalogue = {
  [AckErr.AlreadyPending]: {
    status: 409,
    'zh-CN': '此设备已有同类申请在审核中或正在生效',
    'en-US': 'This device already has a request of this kind under review or running',
  },
  [AckErr.OwnRequest]: {
    status: 403,
    'zh-CN': '不能审核自己的申请，代理其角色或由其代理时也不能',
    'en-US':
      'You cannot review your own request, nor one of a person whose role you hold or who holds yours by proxy',
  },
  [AckErr.NotPending]: {
    status: 409,
    'zh-CN': '该申请已审核或已过期',
    'en-US': 'This request has already been reviewed or has expired',
  },
  [AckErr.WindowTooLong]: {
    status: 409,
    'zh-CN': '时长超过审核设置允许的最长 {seconds} 秒',
    'en-US': 'The window is longer than the {seconds} s the review settings allow',
  },
  [AckErr.NotRunning]: {
    status: 409,
    'zh-CN': '该窗口未在生效中',
    'en-US': 'This window is not running',
  },
  [AckErr.LongerThanApproved]: {
    status: 409,
    'zh-CN': '调整后的结束时间不能晚于批准的结束时间，延长请重新申请',
    'en-US': 'A window cannot end later than approved; ask again to extend it',
  },
  [AckErr.NoEngine]: {
    status: 409,
    'zh-CN': '该设备尚无已注册的引擎',
    'en-US': 'No engine has enrolled for this device yet',
  },
};
