import type { Catalogue } from './types.ts';

/** Codes every area shares: -10001…-10019. `{field}`-style placeholders are filled by the server. */
export const CommonErr = {
  Invalid: -10001,
  SessionExpired: -10002,
  Forbidden: -10003,
  NotFound: -10004,
  TooMany: -10005,
  TooLarge: -10006,
  Server: -10007,
  MalformedJson: -10008,
  Conflict: -10009,
  Unavailable: -10010,
  UnsupportedMedia: -10011,
  BadRequest: -10012,
  HeadersTooLarge: -10013,
  Timeout: -10014,
} as const;

export const commonCatalogue: Catalogue = {
  [CommonErr.Invalid]: {
    status: 400,
    'zh-CN': '参数错误：{field} {detail}',
    'en-US': 'Invalid request: {field} {detail}',
  },
  [CommonErr.SessionExpired]: {
    status: 401,
    'zh-CN': '登录已过期，请重新登录',
    'en-US': 'Your session has expired, please log in again',
  },
  [CommonErr.Forbidden]: {
    status: 403,
    'zh-CN': '没有权限执行此操作',
    'en-US': 'You do not have permission to do this',
  },
  [CommonErr.NotFound]: {
    status: 404,
    'zh-CN': '请求的资源不存在',
    'en-US': 'The requested resource does not exist',
  },
  [CommonErr.TooMany]: {
    status: 429,
    'zh-CN': '请求过于频繁，请稍后再试',
    'en-US': 'Too many requests, please try again later',
  },
  [CommonErr.TooLarge]: {
    status: 413,
    'zh-CN': '请求内容过大',
    'en-US': 'The request is too large',
  },
  [CommonErr.Server]: { status: 500, 'zh-CN': '服务器错误', 'en-US': 'Server error' },
  [CommonErr.MalformedJson]: {
    status: 400,
    'zh-CN': '请求内容不是有效的 JSON',
    'en-US': 'The request body is not valid JSON',
  },
  [CommonErr.Conflict]: {
    status: 409,
    'zh-CN': '数据已被修改，请刷新后重试',
    'en-US': 'The data has changed, please reload and try again',
  },
  [CommonErr.Unavailable]: {
    status: 503,
    'zh-CN': '服务暂不可用，请稍后再试',
    'en-US': 'The service is unavailable, please try again later',
  },
  [CommonErr.UnsupportedMedia]: {
    status: 415,
    'zh-CN': '不支持的请求内容类型',
    'en-US': 'Unsupported content type',
  },
  // The server's own refusals of a request it could not read as HTTP, or of one it would not
  // serve, where no field is to blame (platform/http/envelope.ts).
  [CommonErr.BadRequest]: {
    status: 400,
    'zh-CN': '请求格式错误',
    'en-US': 'The request is malformed',
  },
  [CommonErr.HeadersTooLarge]: {
    status: 431,
    'zh-CN': '请求头过大',
    'en-US': 'The request headers are too large',
  },
  [CommonErr.Timeout]: {
    status: 408,
    'zh-CN': '请求超时',
    'en-US': 'The request timed out',
  },
};
