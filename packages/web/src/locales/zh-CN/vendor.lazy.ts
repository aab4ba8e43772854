/** The vendor's super administrator screens (/sa); lazy: registered by the vendor pages. */
const vendor = {
  init: {
    subtitle: '首次使用：创建厂商超级管理员账号。',
    submit: '创建管理员',
    success: '超级管理员已创建，请登录',
  },
  login: {
    subtitle: '厂商超级管理员登录',
    submit: '登录',
  },
  account: '账号',
  accountPlaceholder: '3-50 位字母、数字或 _ . @ -',
  accountRequired: '请输入账号',
  accountInvalid: '账号为 3-50 位字母、数字或 _ . @ -',
  repeatPassword: '确认密码',
  logout: '退出登录',
  packages: {
    create: '新建套餐',
    edit: '编辑',
    editTitle: '编辑套餐',
    createTitle: '新建套餐',
    delete: '删除',
    deleteConfirm: '确定删除套餐“{{name}}”吗？',
    deleteHint: '删除后不再显示，已发放的充值码仍可使用。',
    deleted: '套餐已删除',
    saved: '套餐已保存',
    codes: '生成充值码',
    name: '套餐名称',
    nameRequired: '请输入套餐名称',
    months: '月数',
    monthsRequired: '请输入 1-120 的月数',
    createdAt: '创建时间',
    codesIssued: '已生成',
    codesUsed: '已使用',
    actions: '操作',
    empty: '暂无套餐',
    search: '搜索套餐名称',
  },
  codes: {
    title: '生成充值码：{{name}}',
    count: '数量',
    countHint: '一次 1-1000 个；充值码只显示这一次，请妥善保存。',
    countRequired: '请输入 1-1000 的数量',
    generate: '生成',
    generated: '已生成 {{count}} 个充值码',
    list: '充值码',
    copy: '全部复制',
    copied: '已复制到剪贴板',
    copyFailed: '复制失败，请手动选择复制',
    download: '下载 .txt',
  },
  companies: {
    search: '搜索邮箱、企业名称或联系人',
    email: '邮箱',
    company: '企业名称',
    contact: '联系人',
    phone: '手机号码',
    balance: '余额（月）',
    licenceCount: '许可证数',
    createdAt: '注册时间',
    empty: '暂无企业客户',
  },
};

export default vendor;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    vendor: typeof vendor;
  }
}
