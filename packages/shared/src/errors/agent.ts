import type { Catalogue } from './types.ts';

/**
 * Engine protocol codes (/api/agent, docs/engines.md): -10100…-10119. Engines act on the code;
 * the message is for the engine's log.
 */
export const AgentErr = {
  SecretInvalid: -10100,
  TokenInvalid: -10101,
  DeviceDeprecated: -10102,
  FingerprintDeprecated: -10103,
  CheckInTooSoon: -10104,
  EngineNotBuilt: -10105,
  ReenrolNotProven: -10106,
  EnrolProofStale: -10107,
} as const;

export const agentCatalogue: Catalogue = {
  [AgentErr.SecretInvalid]: {
    status: 401,
    'zh-CN': '注册密钥无效（错误、已吊销或已过期）',
    'en-US': 'The enrolment secret is not valid (wrong, revoked or expired)',
  },
  [AgentErr.TokenInvalid]: {
    status: 401,
    'zh-CN': '设备令牌无效，请重新注册',
    'en-US': 'The device token is not valid; enrol again',
  },
  [AgentErr.DeviceDeprecated]: {
    status: 403,
    'zh-CN': '设备已在控制台废弃，令牌不再可用',
    'en-US': 'The device was deprecated in the console; its token no longer works',
  },
  [AgentErr.FingerprintDeprecated]: {
    status: 403,
    'zh-CN': '该硬件指纹的设备已废弃，不能重新注册',
    'en-US': 'The device with this hardware fingerprint is deprecated and cannot enrol again',
  },
  [AgentErr.CheckInTooSoon]: {
    status: 429,
    'zh-CN': '签到过于频繁',
    'en-US': 'Check-ins come too often',
  },
  [AgentErr.EngineNotBuilt]: {
    status: 404,
    'zh-CN': '本服务器尚未构建引擎文件（在控制台目录运行 npm run build）',
    'en-US': 'This server has no engine file built (run npm run build in the console folder)',
  },
  // Issue 34: a fingerprint is an identifier, never a credential (docs/engines.md "Re-enrolment").
  [AgentErr.ReenrolNotProven]: {
    status: 403,
    'zh-CN':
      '该硬件指纹的设备已注册，而本次注册未能证明来自该设备的引擎（其密钥或当前令牌）；设备、令牌和分组均未改变。若该机器已重装或丢失了引擎的状态目录，请管理员在控制台设备中心对该设备点击"允许重新注册"，再重新注册',
    'en-US':
      "A device with this hardware fingerprint is enrolled already, and this enrolment does not prove it comes from that device's engine (its key or current token); the device, its token and its group are unchanged. If the machine was re-imaged or lost the engine's state directory, ask an administrator to click \"Allow re-enrolment\" on the device in the console's device centre, then enrol again",
  },
  [AgentErr.EnrolProofStale]: {
    status: 401,
    'zh-CN': '注册证明的时间与控制台时钟（{now}）相差超过 5 分钟；请检查引擎所在机器的时钟',
    'en-US':
      "The enrolment proof's time is more than 5 minutes from the console's clock ({now}); check the engine machine's clock",
  },
};
