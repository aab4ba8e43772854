import type zh from '../zh-CN/auth.lazy.ts';
import type { DeepString } from '../types.ts';

const auth: DeepString<typeof zh> = {
  login: {
    subtitle: 'Sign in to manage your licenses, engines and balance',
    email: 'E-mail',
    emailPlaceholder: 'Your company e-mail',
    password: 'Password',
    passwordPlaceholder: 'Your password',
    showPassword: 'Show',
    hidePassword: 'Hide',
    captcha: 'Captcha',
    captchaPlaceholder: 'Characters in the image',
    captchaImage: 'Captcha image',
    refreshCaptcha: 'Hard to read? Get a new image',
    submit: 'Log in',
    success: 'Logged in',
    noAccount: 'No account yet?',
    toRegister: 'Register now',
    forgot: 'Forgot password?',
  },
  validation: {
    emailRequired: 'Please enter your e-mail',
    emailInvalid: 'Please enter a valid e-mail address',
    passwordRequired: 'Please enter your password',
    captchaRequired: 'Please enter the captcha',
  },
  register: {
    subtitle: 'Register a company account to manage your endpoint data-protection licenses.',
  },
  retrieve: {
    subtitle: 'Receive a code at your registered e-mail and set a new password.',
  },
  toLogin: 'Back to login',
};

export default auth;
