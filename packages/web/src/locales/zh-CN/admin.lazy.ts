/** The management console's shell, shared words, home and profile; lazy (admin-locales.ts). */
const admin = {
  actions: {
    add: '新增',
    edit: '编辑',
    delete: '删除',
    save: '保存',
    cancel: '取消',
    search: '查询',
    reset: '重置',
    copy: '复制',
    copied: '已复制',
    close: '关闭',
    detail: '详情',
    actions: '操作',
    next: '下一步',
    previous: '上一步',
    skip: '跳过',
  },
  confirm: {
    deleteTitle: '确认删除',
    deleteContent: '确定删除“{{name}}”吗？',
    ok: '确定',
  },
  duties: {
    system: '系统管理员',
    operate: '安全操作员',
    kss: '密码管理员',
    audit: '审计员',
  },
  /** Built-in roles by key (shared/built-in-roles.ts holds the same names; a test compares). */
  builtInRoles: {
    admin: '系统管理员',
    keyAdmin: '密码管理员',
    operator: '安全操作员',
    auditor: '审计员',
  },
  dutyDesc: {
    system: '管理用户、角色、分组、代理与登录设置。',
    operate: '管理设备与任务，查看分组。',
    kss: '管理密钥与敏感安全参数。',
    audit: '查看并导出其他三员的审计日志。',
  },
  permission: { read: '读（只读）', write: '写（可写）' },
  status: { normal: '正常', disabled: '禁用', deleted: '已删除' },
  modified: '修改成功',
  noGroups: {
    text: '暂无分组：系统管理员在“分组管理”中创建分组。',
    create: '前往分组管理创建分组',
  },
  readOnly: '当前角色为只读，不能修改数据。',
  forbidden: {
    title: '无权访问',
    subTitle: '您的角色没有访问该页面的权限。',
    back: '返回控制台首页',
  },
  password: {
    rule: '请输入密码（{{min}}-{{max}} 位，须包含{{classes}}）',
    ruleReg: '密码不符合系统设置的规则（{{min}}-{{max}} 位）',
    classes: { upper: '大写字母', lower: '小写字母', number: '数字', special: '特殊字符' },
    separator: '、',
    mismatch: '两次输入的密码不一致，请重新输入。',
    same: '新密码不能与当前密码相同。',
  },
  phone: { invalid: '请输入正确的手机号码' },
  name: { required: '请输入名称', invalid: '名称不能包含空格，且少于 20 个字符' },
  email: { invalid: '请输入正确的邮箱地址' },
  account: { required: '请输入账号', invalid: '账号为 1-64 个字符，不能包含空格' },
  userMenu: {
    profile: '个人信息',
    changePassword: '修改密码',
    bindPhone: '绑定/修改手机号',
    changeName: '修改用户名',
    autoLogin: '自动登录链接',
  },
  profile: {
    oldPassword: '原密码',
    newPassword: '新密码',
    repeatPassword: '确认新密码',
    password: '登录密码',
    phone: '手机号码',
    name: '用户名',
    required: '请输入{{field}}',
    currentPhone: '当前手机号：{{phone}}',
    noPhone: '尚未绑定手机号',
    autoLoginHint: '使用此链接可免密码登录控制台，请妥善保管。',
    autoLoginLink: '自动登录链接',
    autoLoginExpires: '有效期至 {{time}}；退出登录或修改密码后立即失效。',
    regenerate: '重新生成',
    regenerateConfirm: '重新生成后，旧链接将立即失效。确定继续吗？',
  },
  home: {
    welcome: '欢迎，{{name}}',
    account: '账号',
    role: '角色',
    duty: '职责',
    permission: '权限',
    proxies: '代理角色',
    proxyUntil: '{{role}}（至 {{end}}）',
    quickLinks: '快捷入口',
    noLinks: '当前角色暂无可用的功能入口。',
    super: '超级管理员（拥有全部职责）',
  },
  enrolSecret: {
    secret: '注册密钥',
    none: '该分组还没有注册密钥。',
    create: '生成密钥',
    rotate: '更换密钥',
    rotateTitle: '更换注册密钥？',
    rotateContent: '已注册的引擎不受影响，继续正常工作；旧密钥立即失效，新引擎须使用新密钥注册。',
    createdAt: '生成于 {{time}}',
    copySecret: '复制密钥',
    copyCommand: '复制命令',
    readOnly: '您的角色为只读，不能生成或更换密钥。',
  },
  engine: {
    file: '引擎是本控制台提供的单个文件：{{name}}，{{size}}，构建于 {{time}}。',
    download: '下载引擎',
    sha256: 'SHA-256：',
    unavailable: '暂时无法提供引擎文件：{{reason}}',
    runTab: '立即运行',
    serviceTab: '安装为服务（systemd）',
    runHint:
      '在装有 Node.js 20 的 Linux 机器上运行，无需其他软件：命令从本控制台下载引擎，校验 SHA-256 无误后注册并在当前终端运行（按 Ctrl+C 停止）。',
    serviceHint:
      '在装有 Node.js 20 和 systemd 的 Linux 机器上以 root 运行：引擎安装到 /opt/edp-agent，状态保存在 /var/lib/edp-agent，立即启动并随开机启动；再次运行即可更新。查看日志：journalctl -u edp-agent。',
  },
  pending: '该功能将在后续版本提供。',
};

export default admin;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    admin: typeof admin;
  }
}
