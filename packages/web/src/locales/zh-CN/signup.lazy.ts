/** Registration and password retrieval; lazy: registered by the register and retrieve pages. */
const signup = {
  validation: {
    emailExists: '邮箱地址已存在！',
    passwordRule: '请输入密码（{{min}}-{{max}} 位，包含大小写字母和数字）',
    repeatRequired: '请再次输入密码',
    mismatch: '两次输入的密码不一致，请重新输入。',
    codeRequired: '请输入邮箱验证码',
    codeInvalid: '邮箱验证码为 6 位数字',
    companyRequired: '请输入企业名称',
    phoneInvalid: '请输入正确的手机号码',
    agreeRequired: '请阅读并同意用户注册协议和隐私政策',
  },
  emailCode: {
    label: '邮箱验证码',
    placeholder: '6 位数字',
    send: '发送验证码',
    resend: '{{seconds}} 秒后重新发送',
    sent: '验证码已发送，请查收邮件',
  },
  register: {
    company: '企业名称',
    companyPlaceholder: '请输入企业名称',
    contact: '联系人（选填）',
    phone: '手机号码（选填）',
    repeatPassword: '确认密码',
    agreePrefix: '我已阅读并同意',
    agreement: '《用户注册协议》',
    and: '和',
    privacy: '《隐私政策》',
    newTab: '（在新标签页打开）',
    submit: '注册',
    success: '注册成功，请登录',
    haveAccount: '已有账号？',
  },
  retrieve: {
    codeSent: '如果该邮箱已注册，验证码已发送，请查收邮件',
    codeFor: '验证码已发送至 {{email}}',
    changeEmail: '更换邮箱',
    newPassword: '新密码',
    repeatPassword: '确认新密码',
    submit: '重置密码',
    success: '密码已重置，请使用新密码登录',
  },
};

export default signup;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    signup: typeof signup;
  }
}
