/** Support requests and their Q&A (portal and vendor); lazy: registered by their pages. */
const requests = {
  intro: '遇到问题或有新需求时，在此告知厂商；厂商的答复和处理进展也会发到您的邮箱。',
  vendorIntro: '客户提交的需求，最新的在前；逾期指超过期望解决时间仍未解决。',
  add: '提交需求',
  addTitle: '提交需求',
  search: '搜索标题或项目',
  no: '编号',
  company: '客户',
  project: '项目',
  product: '产品',
  title: '标题',
  description: '描述',
  priority: '优先级',
  expectedAt: '期望解决时间',
  remarks: '备注',
  status: '状态',
  testStatus: '测试状态',
  createdAt: '提交时间',
  replies: '回复',
  all: '全部状态',
  overdueOnly: '只看逾期',
  overdueCount: '逾期 {{count}} 个',
  overdue: '逾期',
  priorities: { low: '低', middle: '中', high: '高' },
  statuses: { new: '新建', processing: '处理中', solved: '已解决', dismissed: '已驳回' },
  tests: { none: '未测试', testing: '测试中', passed: '测试通过', failed: '测试失败' },
  required: '请输入{{field}}',
  notPast: '期望解决时间须晚于当前时间',
  created: '需求已提交',
  empty: '暂无需求',
  emptySearch: '没有匹配的需求',
  loadFailed: '无法加载需求',
  detailTitle: '需求 #{{no}}',
  reason: '驳回原因',
  files: '附件',
  filesHint:
    '最多 {{count}} 个文件，每个不超过 5 MB：.txt、.log、.csv、.json、.pdf、.png、.jpg、.zip',
  attach: '添加附件',
  fileRefused: '不能附加“{{name}}”：类型不支持或超过 5 MB',
  thread: '问答',
  noMessages: '暂无问答',
  you: '我方',
  vendorSide: '厂商',
  reply: '回复',
  replyLabel: '回复内容',
  send: '发送',
  sent: '已发送',
  moveTo: '改为“{{status}}”',
  moved: '状态已改为“{{status}}”',
  testTo: '测试：{{status}}',
  testMoved: '测试状态已改为“{{status}}”',
  dismissTitle: '驳回需求 #{{no}}',
  dismissHint: '请说明原因，客户会在门户和邮件中看到。驳回后不能再改。',
};

export default requests;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    requests: typeof requests;
  }
}
