/** The signed-in company's own account; lazy: registered by change-password-modal.tsx. */
const account = {
  changePassword: {
    title: '修改密码',
    oldPassword: '原密码',
    newPassword: '新密码',
    repeatPassword: '确认新密码',
    oldRequired: '请输入原密码',
    newRequired: '请输入新密码',
    repeatRequired: '请再次输入新密码',
    rule: '请输入密码（{{min}}-{{max}} 位，包含大小写字母和数字）',
    mismatch: '两次输入的密码不一致，请重新输入。',
    same: '新密码不能与当前密码相同。',
    submit: '确认修改',
    success: '修改成功',
  },
};

export default account;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    account: typeof account;
  }
}
