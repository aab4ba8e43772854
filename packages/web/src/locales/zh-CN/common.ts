/** Texts every area uses: language names, generic actions, request failures, empty states. */
const common = {
  productShort: 'EDP 控制台',
  /** The page's meta description (index.html carries this one until the app starts). */
  metaDescription:
    'EDP 终端数据防护管理平台：企业注册与充值，授权申请与证书下载；终端、用户、角色与审计的集中管理。',
  skipToContent: '跳到主要内容',
  /** A label and its value in one line (an aria-label): the colon each language uses. */
  labelled: '{{label}}：{{value}}',
  language: {
    label: '语言',
    'zh-CN': '简体中文',
    'en-US': 'English',
  },
  actions: {
    backHome: '返回首页',
    ok: '确定',
    cancel: '取消',
    submit: '提交',
    retry: '重试',
  },
  request: {
    timeout: '请求超时，请稍后再试！',
    serverError: '服务器错误',
    invalid: '请修改：',
    done: '{{action}}成功',
  },
  offline: {
    browser: '网络已断开，页面可能无法加载最新数据。恢复连接后将自动重试。',
    api: '暂时无法连接服务器，请检查网络或稍后再试。',
  },
  export: { button: '导出', csv: 'CSV', xlsx: 'Excel（.xlsx）', failed: '导出失败' },
  pager: { previous: '上一页', next: '下一页', page: '第 {{page}} 页' },
  empty: {
    noData: '暂无数据',
  },
  /** Under a list's pages. */
  listTotal: '共 {{total}} 条',
  loading: '加载中…',
  notFound: {
    title: '页面不存在',
    subTitle: '您访问的页面不存在或已被移除。',
  },
  routeError: {
    title: '页面加载失败',
    subTitle: '可能是网络问题或版本已更新，请刷新页面重试。',
    reload: '刷新页面',
  },
  footer: {
    agreement: '用户注册协议',
    privacy: '隐私政策',
    copyright: '© {{year}} EDP 终端数据防护',
  },
};

export default common;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    common: typeof common;
  }
}
