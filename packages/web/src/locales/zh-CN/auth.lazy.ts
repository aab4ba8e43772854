/** Sign-in, registration and password retrieval; lazy: registered by auth-card.tsx. */
const auth = {
  login: {
    subtitle: '登录以管理您的授权、引擎与余额',
    email: '邮箱',
    emailPlaceholder: '请输入企业邮箱',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    showPassword: '显示',
    hidePassword: '隐藏',
    captcha: '验证码',
    captchaPlaceholder: '请输入图中字符',
    captchaImage: '验证码图片',
    refreshCaptcha: '看不清？换一张',
    submit: '登录',
    success: '登录成功',
    noAccount: '还没有账号？',
    toRegister: '立即注册',
    forgot: '忘记密码？',
  },
  validation: {
    emailRequired: '请输入邮箱',
    emailInvalid: '请输入正确的邮箱地址',
    passwordRequired: '请输入密码',
    captchaRequired: '请输入验证码',
  },
  register: {
    subtitle: '注册企业账号，开始管理您的终端数据防护授权。',
  },
  retrieve: {
    subtitle: '通过注册邮箱接收验证码，重新设置密码。',
  },
  toLogin: '返回登录',
};

export default auth;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    auth: typeof auth;
  }
}
