import type { Catalogue } from './types.ts';

/** Key management under dual control (docs/keys.md): -10180…-10209. */
export const KeyErr = {
  NotInitialised: -10180,
  AlreadyInitialised: -10181,
  NotKeyManager: -10182,
  SplitPending: -10183,
  NoPendingSplit: -10184,
  NoShare: -10185,
  ShareDownloaded: -10186,
  ShareMismatch: -10187,
  NoDataKey: -10188,
  NotEscrowed: -10189,
  DualControlOff: -10190,
  RecoveryNotOpen: -10191,
  NotHolder: -10192,
  ShareOfAnother: -10193,
  AlreadyPresented: -10194,
  ShareRetired: -10195,
  ShareMalformed: -10196,
  KekMismatch: -10197,
  NotRequester: -10198,
  FileGone: -10199,
  Sealed: -10200,
  // Incidents (docs/keys.md "Incidents"); -10201…-10204 are left to the rotations.
  IncidentNotHolder: -10205,
  IncidentHolderInSplit: -10206,
  IncidentTooFewManagers: -10207,
  IncidentNotContained: -10208,
  IncidentClosed: -10209,
} as const;

export const keyCatalogue: Catalogue = {
  [KeyErr.NotInitialised]: {
    status: 409,
    'zh-CN': '密钥尚未初始化',
    'en-US': 'The keys have not been initialised',
  },
  [KeyErr.AlreadyInitialised]: {
    status: 409,
    'zh-CN': '密钥已初始化，不能再次初始化',
    'en-US': 'The keys are already initialised',
  },
  [KeyErr.NotKeyManager]: {
    status: 409,
    'zh-CN': '持有人必须是本租户的密钥管理员',
    'en-US': "Every holder must be one of this tenant's key managers",
  },
  [KeyErr.SplitPending]: {
    status: 409,
    'zh-CN': '已有分割在等待持有人确认，请先完成或取消',
    'en-US': 'A split is already waiting for its holders: finish or cancel it first',
  },
  [KeyErr.NoPendingSplit]: {
    status: 409,
    'zh-CN': '没有等待确认的分割',
    'en-US': 'No split is waiting for its holders',
  },
  [KeyErr.NoShare]: {
    status: 404,
    'zh-CN': '您在当前分割中没有分片',
    'en-US': 'You hold no share of the current split',
  },
  [KeyErr.ShareDownloaded]: {
    status: 409,
    'zh-CN': '分片只能下载一次，已下载',
    'en-US': 'A share is downloaded once, and yours has been',
  },
  [KeyErr.ShareMismatch]: {
    status: 409,
    'zh-CN': '该分片不是您的分片',
    'en-US': 'This is not your share',
  },
  [KeyErr.NoDataKey]: {
    status: 404,
    'zh-CN': '该设备没有此数据密钥',
    'en-US': 'This device has no such data key',
  },
  [KeyErr.NotEscrowed]: {
    status: 409,
    'zh-CN': '该数据密钥尚未托管',
    'en-US': 'This data key has not been escrowed',
  },
  [KeyErr.DualControlOff]: {
    status: 409,
    'zh-CN': '双人控制未开启：需要一个已确认的分割才能恢复密钥',
    'en-US': 'Dual control is off: a recovery needs a confirmed split',
  },
  [KeyErr.RecoveryNotOpen]: {
    status: 409,
    'zh-CN': '该恢复申请已结束',
    'en-US': 'This recovery is no longer open',
  },
  [KeyErr.NotHolder]: {
    status: 403,
    'zh-CN': '您不是当前分割的持有人',
    'en-US': 'You hold no share of the current split',
  },
  [KeyErr.ShareOfAnother]: {
    status: 403,
    'zh-CN': '只能提交您自己的分片',
    'en-US': 'You may present only your own share',
  },
  [KeyErr.AlreadyPresented]: {
    status: 409,
    'zh-CN': '您已为该恢复提交过分片',
    'en-US': 'You have already presented a share to this recovery',
  },
  [KeyErr.ShareRetired]: {
    status: 409,
    'zh-CN': '该分片属于已停用的分割',
    'en-US': 'This share belongs to a split no longer in use',
  },
  [KeyErr.ShareMalformed]: {
    status: 400,
    'zh-CN': '这不是一个有效的分片',
    'en-US': 'This is not a valid share',
  },
  [KeyErr.KekMismatch]: {
    status: 409,
    'zh-CN': '提交的分片无法还原当前密钥',
    'en-US': 'The shares presented do not rebuild the current key',
  },
  [KeyErr.NotRequester]: {
    status: 403,
    'zh-CN': '只有申请人可以下载恢复文件',
    'en-US': 'Only the requester may download the recovery file',
  },
  [KeyErr.FileGone]: {
    status: 409,
    'zh-CN': '恢复文件尚未生成或已下载',
    'en-US': 'The recovery file is not ready or has been downloaded',
  },
  [KeyErr.Sealed]: {
    status: 409,
    'zh-CN': '本服务器的根密钥无法打开租户密钥',
    'en-US': "This server's root secret does not open the tenant's keys",
  },
  [KeyErr.IncidentNotHolder]: {
    status: 409,
    'zh-CN': '该人员不持有当前分割的分片',
    'en-US': 'This person holds no share of the active split',
  },
  [KeyErr.IncidentHolderInSplit]: {
    status: 409,
    'zh-CN': '新分割不能包含分片丢失或泄露的持有人',
    'en-US': 'The new split must leave out the holder whose share was lost or exposed',
  },
  [KeyErr.IncidentTooFewManagers]: {
    status: 409,
    'zh-CN': '除该持有人外不足两名密钥管理员，无法重新分割',
    'en-US': 'Without this holder fewer than two key managers remain to split the key among',
  },
  [KeyErr.IncidentNotContained]: {
    status: 409,
    'zh-CN': '事件尚未控制，不能关闭',
    'en-US': 'The incident is not contained yet and cannot be closed',
  },
  [KeyErr.IncidentClosed]: {
    status: 409,
    'zh-CN': '该事件已关闭',
    'en-US': 'This incident is closed',
  },
};
