/** My balance and recharge; lazy: registered by the balance and recharge pages. */
const balance = {
  current: '当前余额',
  monthsUnit: '个月',
  recharge: '充值',
  history: '余额记录',
  empty: '暂无余额记录',
  columns: {
    createdAt: '时间',
    type: '类型',
    change: '变动（月）',
    balanceAfter: '变动后余额（月）',
    detail: '说明',
  },
  types: {
    recharge: '充值',
    issue: '签发扣费',
  },
  detail: {
    package: '充值套餐：{{name}}',
    issue: '授权码 {{code}} · 设备 {{device}} · {{kind}}',
  },
  rechargeForm: {
    intro: '输入厂商提供的充值码，充值后余额按月计算。',
    code: '充值码',
    placeholder: 'XXXX-XXXX-XXXX-XXXX',
    hint: '16 位字母或数字，不区分大小写，可省略短横线',
    required: '请输入充值码',
    invalid: '充值码格式应为 XXXX-XXXX-XXXX-XXXX',
    submit: '立即充值',
  },
  rechargeDone: {
    title: '充值成功',
    subTitle: '已增加 {{months}} 个月，当前余额 {{balance}} 个月。',
    toBalance: '查看余额',
    again: '继续充值',
  },
};

export default balance;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    balance: typeof balance;
  }
}
