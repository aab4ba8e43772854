import type zh from '../zh-CN/admin-auth.lazy.ts';
import type { DeepString } from '../types.ts';

const adminAuth: DeepString<typeof zh> = {
  login: {
    subtitle: 'Endpoint data-protection management console',
    account: 'Account',
    accountPlaceholder: 'Enter your account',
    password: 'Password',
    passwordPlaceholder: 'Enter your password',
    captcha: 'Captcha',
    captchaPlaceholder: 'Enter the characters shown',
    captchaImage: 'Captcha image',
    refreshCaptcha: 'Cannot read it? Get another',
    code: 'Login code',
    codePlaceholder: 'Enter the 6-digit code',
    codeInvalid: 'Enter the 6-digit code',
    sendCode: 'Send code',
    resend: 'Resend in {{seconds}} s',
    codeSent: 'The code has been sent',
    submit: 'Log in',
    required: 'Please enter the {{field}}',
    toSetup: 'Not set up yet? Go to the initial setup',
  },
  expired: {
    title: 'Change password',
    hint: 'Your password has expired or was set by an administrator. Change it to log in.',
    submit: 'Change and log in',
    back: 'Back to login',
  },
  autoLogin: {
    signingIn: 'Signing in…',
    failed: 'Auto login failed; the link may no longer be valid.',
    noToken: 'The link has no login token.',
    toLogin: 'Go to login',
  },
  setup: {
    subtitle: 'Create the tenant and the duty accounts to set up the console.',
    closed: 'The system is already set up.',
    toLogin: 'Go to login',
    steps: {
      tenant: 'Tenant',
      admin: 'System administrator',
      keyAdmin: 'Password manager',
      operator: 'Security operator',
      auditor: 'Auditor',
    },
    company: 'Company',
    sysName: 'System name',
    domain: 'Domain',
    domainHint: 'Defaults to the host you are visiting.',
    domainInvalid: 'Enter a host name without port',
    account: 'Account',
    name: 'Name',
    password: 'Password',
    repeatPassword: 'Repeat password',
    phone: 'Phone',
    email: 'E-mail',
    required: 'Please enter the {{field}}',
    optionalNote:
      'The password manager, security operator and auditor are optional. If all three are skipped, the system administrator holds all role permissions; creating them is recommended so that the duties stay separate.',
    skip: 'Skip this one',
    include: 'Create this account',
    skipped: 'Skipped',
    submit: 'Finish setup',
    successTitle: 'Setup complete',
    successSub:
      'These accounts were created; keep the passwords safe. Accounts set by an administrator change their password at the first login.',
    role: 'Duty',
    superNote:
      'The other duties were skipped: the system administrator holds all role permissions.',
    loginNow: 'Go to console login',
  },
};

export default adminAuth;
