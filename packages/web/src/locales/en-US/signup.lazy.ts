import type zh from '../zh-CN/signup.lazy.ts';
import type { DeepString } from '../types.ts';

const signup: DeepString<typeof zh> = {
  validation: {
    emailExists: 'Email address already exists!',
    passwordRule:
      'Please enter password ({{min}}-{{max}} characters, upper / lower case letters and numbers)',
    repeatRequired: 'Please repeat the password',
    mismatch: 'The passwords do not match, please try again.',
    codeRequired: 'Please enter the e-mail code',
    codeInvalid: 'The e-mail code has 6 digits',
    companyRequired: 'Please enter the company name',
    phoneInvalid: 'Please enter a correct mobile number',
    agreeRequired: 'Please read and accept the registration agreement and the privacy policy',
  },
  emailCode: {
    label: 'E-mail code',
    placeholder: '6 digits',
    send: 'Send code',
    resend: 'Resend in {{seconds}} s',
    sent: 'The code has been sent, please check your mailbox',
  },
  register: {
    company: 'Company name',
    companyPlaceholder: 'Your company name',
    contact: 'Contact person (optional)',
    phone: 'Mobile number (optional)',
    repeatPassword: 'Repeat password',
    agreePrefix: 'I have read and accept the',
    agreement: 'registration agreement',
    and: 'and the',
    privacy: 'privacy policy',
    newTab: '(opens in a new tab)',
    submit: 'Register',
    success: 'Registered, please log in',
    haveAccount: 'Already registered?',
  },
  retrieve: {
    codeSent: 'If this e-mail is registered, a code has been sent to it',
    codeFor: 'The code was sent to {{email}}',
    changeEmail: 'Use another e-mail',
    newPassword: 'New password',
    repeatPassword: 'Repeat new password',
    submit: 'Reset password',
    success: 'Password reset, please log in with the new password',
  },
};

export default signup;
