import type zh from '../zh-CN/account.lazy.ts';
import type { DeepString } from '../types.ts';

const account: DeepString<typeof zh> = {
  changePassword: {
    title: 'Change password',
    oldPassword: 'Current password',
    newPassword: 'New password',
    repeatPassword: 'Repeat new password',
    oldRequired: 'Please enter your current password',
    newRequired: 'Please enter a new password',
    repeatRequired: 'Please repeat the new password',
    rule: 'Please enter password ({{min}}-{{max}} characters, upper / lower case letters and numbers)',
    mismatch: 'The passwords do not match, please try again.',
    same: 'The new password must differ from the current one.',
    submit: 'Change password',
    success: 'Modified successfully',
  },
};

export default account;
