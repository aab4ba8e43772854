import type { Catalogue } from './types.ts';

/** Customer portal and vendor (super administrator) codes: -10020…-10059. */
export const PortalErr = {
  CaptchaWrong: -10020,
  EmailExists: -10021,
  LoginFailed: -10022,
  AccountLocked: -10023,
  CodeWrong: -10024,
  PasswordRule: -10025,
  PasswordCommon: -10026,
  ParseError: -10027,
  BalanceLow: -10028,
  RechargeCodeInvalid: -10029,
  AlreadyInitialized: -10030,
  OldPasswordWrong: -10031,
  CaptchaRequired: -10032,
  NoValidLicence: -10033,
  RequestMismatch: -10034,
  CodeTooSoon: -10035,
  PasswordLocked: -10036,
  PasswordSame: -10037,
  LoginWait: -10038,
  /** A second request file for one device (or the same file twice) in one upload. */
  DuplicateRequest: -10039,
  /** The balance does not cover every certificate of a batch: none was issued. */
  BatchBalanceLow: -10040,
  /** More request files in one upload than one batch issues. */
  TooManyRequests: -10041,
  /** A file of a batch upload that is no licence request (a single upload answers -10027). */
  NotARequest: -10042,
  /** A request's status moved where STATUS_MOVES does not go (SPEC §8). */
  StatusChangeFailed: -10043,
  /** A request's test status moved where TEST_MOVES does not go (SPEC §8). */
  TestStatusChangeFailed: -10044,
  /** Dismissing a request without saying why. */
  ReasonRequired: -10045,
  /** An attached file of a kind a request does not take, or named with control characters. */
  AttachmentType: -10046,
  /** An attached file past ATTACHMENT_BYTES_MAX. */
  AttachmentTooLarge: -10047,
  /** A customer (a portal company) the vendor named that does not exist. */
  CustomerNotFound: -10048,
  /** A product version of the same kind, system and number exists. */
  VersionExists: -10049,
  /** A version's state moved where VERSION_MOVES does not go. */
  VersionMoveRefused: -10050,
  /** Only a draft's kind, system and number change, and only a draft is deleted. */
  VersionNotDraft: -10051,
} as const;

export const portalCatalogue: Catalogue = {
  [PortalErr.CaptchaWrong]: {
    status: 400,
    'zh-CN': '验证码错误或已过期',
    'en-US': 'The captcha is wrong or has expired',
  },
  [PortalErr.EmailExists]: {
    status: 409,
    'zh-CN': '该邮箱已被使用，请更换其他邮箱',
    'en-US': 'The mailbox has already been used, please change to another mailbox',
  },
  [PortalErr.LoginFailed]: {
    status: 401,
    'zh-CN': '账号或密码错误',
    'en-US': 'Login failed: wrong account or password',
  },
  [PortalErr.AccountLocked]: {
    status: 423,
    'zh-CN': '登录失败次数过多，账号已锁定 15 分钟',
    'en-US': 'Too many failed logins; the account is locked for 15 minutes',
  },
  [PortalErr.CodeWrong]: {
    status: 400,
    'zh-CN': '验证码错误或已失效',
    'en-US': 'The verification code is wrong or no longer valid',
  },
  [PortalErr.PasswordRule]: {
    status: 400,
    'zh-CN': '请输入密码（8-20 位，包含大小写字母和数字）',
    'en-US': 'Please enter password (8-20 characters, upper / lower case letters and numbers)',
  },
  [PortalErr.PasswordCommon]: {
    status: 400,
    'zh-CN': '密码过于常见，请换一个',
    'en-US': 'This password is too common, please choose another',
  },
  [PortalErr.ParseError]: { status: 400, 'zh-CN': '解析错误', 'en-US': 'Parse error' },
  [PortalErr.BalanceLow]: {
    status: 402,
    'zh-CN': '余额不足，请先充值',
    'en-US': 'Insufficient balance, please recharge first',
  },
  [PortalErr.RechargeCodeInvalid]: {
    status: 400,
    'zh-CN': '充值码无效或已被使用',
    'en-US': 'The recharge code is invalid or has been used',
  },
  [PortalErr.AlreadyInitialized]: {
    status: 409,
    'zh-CN': '系统已初始化',
    'en-US': 'The system is already initialised',
  },
  [PortalErr.OldPasswordWrong]: {
    status: 400,
    'zh-CN': '原密码错误',
    'en-US': 'The old password is wrong',
  },
  [PortalErr.CaptchaRequired]: {
    status: 400,
    'zh-CN': '请输入验证码',
    'en-US': 'Please enter the captcha',
  },
  [PortalErr.NoValidLicence]: {
    status: 409,
    'zh-CN': '该设备没有有效的许可证',
    'en-US': 'The device has no valid license',
  },
  [PortalErr.RequestMismatch]: {
    status: 409,
    'zh-CN': '该请求编号已用于另一台设备的请求文件',
    'en-US': 'This request ID was already uploaded for another device',
  },
  [PortalErr.CodeTooSoon]: {
    status: 429,
    'zh-CN': '验证码刚刚已发送，请 {seconds} 秒后再试',
    'en-US': 'A code was sent just now, please try again in {seconds} s',
  },
  [PortalErr.PasswordSame]: {
    status: 400,
    'zh-CN': '新密码不能与当前密码相同',
    'en-US': 'The new password must differ from the current one',
  },
  [PortalErr.LoginWait]: {
    status: 429,
    'zh-CN': '此网络登录失败次数过多，请 {seconds} 秒后再试',
    'en-US': 'Too many failed sign-ins from this network; please try again in {seconds} s',
  },
  [PortalErr.DuplicateRequest]: {
    status: 400,
    'zh-CN': '与 {first} 是同一台设备的申请，未读取',
    'en-US': 'A request for the same device as {first}; not read',
  },
  [PortalErr.BatchBalanceLow]: {
    status: 402,
    'zh-CN':
      '余额不足：这 {count} 台设备需要 {cost} 个月，当前余额 {balance} 个月；未签发任何证书，请先充值',
    'en-US':
      'Balance too low: the {count} devices need {cost} months and the balance is {balance} months; nothing was issued, please recharge first',
  },
  [PortalErr.TooManyRequests]: {
    status: 400,
    'zh-CN': '一次最多读取 {max} 个申请文件，此文件未读取',
    'en-US': 'One upload reads at most {max} request files; this one was not read',
  },
  [PortalErr.NotARequest]: {
    status: 400,
    'zh-CN': '不是控制台生成的许可申请文件，或文件已损坏',
    'en-US': 'Not a license request file made by a console, or a damaged one',
  },
  [PortalErr.PasswordLocked]: {
    status: 423,
    'zh-CN': '密码错误次数过多，账号已锁定 15 分钟',
    'en-US': 'Too many wrong passwords; the account is locked for 15 minutes',
  },
  [PortalErr.StatusChangeFailed]: {
    status: 409,
    'zh-CN': '状态修改失败：需求的当前状态不能改为所选状态，请刷新后重试',
    'en-US':
      'Start status change failed: the request cannot move to that status from the one it has; please refresh and try again',
  },
  [PortalErr.TestStatusChangeFailed]: {
    status: 409,
    'zh-CN': '测试状态修改失败：只有处理中或已解决的需求可以测试，且须先“测试中”，再“通过”或“失败”',
    'en-US':
      'Test status change failed: only a request being processed or solved is tested, first "testing", then "passed" or "failed"',
  },
  [PortalErr.ReasonRequired]: {
    status: 400,
    'zh-CN': '驳回需求时请说明原因，客户会看到',
    'en-US': 'Say why the request is dismissed; the customer reads it',
  },
  [PortalErr.AttachmentType]: {
    status: 400,
    'zh-CN': '不能附加“{name}”：只接受 .txt、.log、.csv、.json、.pdf、.png、.jpg、.zip 文件',
    'en-US':
      'Cannot attach "{name}": only .txt, .log, .csv, .json, .pdf, .png, .jpg and .zip files',
  },
  [PortalErr.AttachmentTooLarge]: {
    status: 413,
    'zh-CN': '“{name}”超过 5 MB，不能附加',
    'en-US': '"{name}" is over 5 MB and cannot be attached',
  },
  [PortalErr.CustomerNotFound]: {
    status: 404,
    'zh-CN': '客户不存在',
    'en-US': 'The customer does not exist',
  },
  [PortalErr.VersionExists]: {
    status: 409,
    'zh-CN': '该引擎类型和系统已有此版本号',
    'en-US': 'This engine kind and system already have a version with this number',
  },
  [PortalErr.VersionMoveRefused]: {
    status: 409,
    'zh-CN': '版本状态变更失败：当前状态不能变更为该状态',
    'en-US': 'Version state change failed: it cannot go there from its current state',
  },
  [PortalErr.VersionNotDraft]: {
    status: 409,
    'zh-CN': '只有草稿版本可以修改类型、系统和版本号，或被删除',
    'en-US':
      "Only a draft version's kind, system and number can change, and only a draft can be deleted",
  },
};
