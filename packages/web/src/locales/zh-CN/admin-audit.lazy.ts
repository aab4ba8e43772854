/** Audit log and login settings of the management console; lazy. */
const adminAudit = {
  audit: {
    time: '时间',
    period: '时间范围',
    account: '操作账号',
    roleDuty: '角色（职责）',
    roleAndDuty: '{{role}}（{{duty}}）',
    action: '操作内容',
    target: '对象',
    details: '详情',
    listSeparator: '、',
    andOthers: '等',
    ip: 'IP 地址',
    result: '结果',
    errCode: '错误码',
    reasonWithCode: '{{reason}}（错误码 {{code}}）',
    keyword: '对象关键字',
    success: '成功',
    failure: '失败',
    allResults: '全部结果',
    export: '导出 CSV',
    exportFailed: '导出失败',
    detailTitle: '审计详情',
    before: '修改前',
    after: '修改后',
    note: '备注',
    empty: '暂无审计记录',
    allActions: '全部操作',
    changes: '修改内容',
    field: '字段',
    changed: '已修改',
  },
  retention: {
    button: '保留期：{{months}}',
    title: '审计日志保留期',
    label: '审计日志保留',
    help: '超出保留期的审计日志在每小时的清理中删除，不做备份。只有审计员可以修改。',
    months: { '1': '1 个月', '6': '半年', '12': '1 年', '36': '3 年' },
    save: '保存',
    shortenTitle: '缩短审计日志保留期？',
    shortenBody:
      '新保留期（{{toPeriod}}）短于当前保留期（{{fromPeriod}}）：早于新保留期的审计日志会在下一次清理（一小时内）时删除，且不能恢复。',
    shortenOk: '缩短并保存',
  },
  settings: {
    captcha: '登录验证码',
    captchaHint: '开启后，登录页须输入图形验证码。',
    classes: '密码须包含',
    length: '密码长度',
    lengthMin: '最短',
    lengthMax: '最长',
    rangeInvalid: '起始值不能大于结束值',
    rangeRequired: '请填写完整的区间',
    reg: '自定义规则（正则表达式，可选）',
    regHint: '填写后将替代上面的字符类别规则。',
    regInvalid: '正则表达式无效',
    expireDays: '密码有效期（天）',
    expireHint: '0 表示永不过期。',
    lockCount: '锁定前允许的失败次数',
    lockHint: '15 分钟内失败达到此次数，账号锁定 15 分钟。',
    sms: '短信登录验证码',
    mailCode: '邮件登录验证码',
    codeHint: '开启后，登录时须输入发送到手机或邮箱的验证码。',
    classesRequired: '请至少选择一种字符类别',
    upper: '大写字母',
    lower: '小写字母',
    number: '数字',
    special: '特殊字符',
  },
};

export default adminAudit;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    adminAudit: typeof adminAudit;
  }
}
