/** Console sign-in, forced password change, auto login and the setup wizard; lazy. */
const adminAuth = {
  login: {
    subtitle: '终端数据防护管理控制台',
    account: '账号',
    accountPlaceholder: '请输入账号',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    captcha: '验证码',
    captchaPlaceholder: '请输入图中字符',
    captchaImage: '验证码图片',
    refreshCaptcha: '看不清？换一张',
    code: '登录验证码',
    codePlaceholder: '请输入 6 位验证码',
    codeInvalid: '请输入 6 位数字验证码',
    sendCode: '获取验证码',
    resend: '{{seconds}} 秒后重新获取',
    codeSent: '验证码已发送',
    submit: '登录',
    required: '请输入{{field}}',
    toSetup: '尚未初始化？进入初始化设置',
  },
  expired: {
    title: '修改密码',
    hint: '您的密码已过期或由管理员设置，请先修改密码再登录。',
    submit: '修改并登录',
    back: '返回登录',
  },
  autoLogin: {
    signingIn: '正在登录…',
    failed: '自动登录失败，链接可能已失效。',
    noToken: '链接缺少登录令牌。',
    toLogin: '前往登录',
  },
  setup: {
    subtitle: '创建租户与四个职责的管理员账号，完成控制台的初始化。',
    closed: '系统已完成初始化，无需再次设置。',
    toLogin: '前往登录',
    steps: {
      tenant: '租户信息',
      admin: '系统管理员',
      keyAdmin: '密码管理员',
      operator: '安全操作员',
      auditor: '审计员',
    },
    company: '公司名称',
    sysName: '系统名称',
    domain: '访问域名',
    domainHint: '默认为当前访问的主机名。',
    domainInvalid: '请输入不带端口的主机名',
    account: '账号',
    name: '姓名',
    password: '密码',
    repeatPassword: '确认密码',
    phone: '手机号码',
    email: '邮箱',
    required: '请输入{{field}}',
    optionalNote:
      '密码管理员、安全操作员和审计员为可选项。若全部跳过，系统管理员将拥有全部角色权限；建议创建，以实现职责分立。',
    skip: '跳过此项',
    include: '创建此账号',
    skipped: '已跳过',
    submit: '完成设置',
    successTitle: '初始化完成',
    successSub: '已创建以下账号，请妥善保管密码。管理员设置的账号首次登录须修改密码。',
    role: '职责',
    superNote: '已跳过其他三个职责，系统管理员拥有全部角色权限。',
    loginNow: '前往控制台登录',
  },
};

export default adminAuth;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    adminAuth: typeof adminAuth;
  }
}
