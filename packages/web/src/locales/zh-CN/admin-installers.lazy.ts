/** Installers and versions (console); lazy (admin-installers/lib/installer-locales.ts). */
const adminInstallers = {
  upload: '上传安装包',
  readOnly: '当前角色为只读，可查看和下载安装包，不能上传或删除。',
  filters: {
    keyword: '名称、版本或系统版本',
    kind: '产品类型',
    allKinds: '全部产品类型',
  },
  released: {
    title: '厂商发布的版本',
    intro: '厂商已发布的引擎版本及其发布说明，按发布时间倒序：向厂商获取安装包后在此上传。',
    releasedAt: '发布时间',
    notes: '发布说明',
    empty: '厂商尚未发布版本',
    loadFailed: '厂商发布的版本加载失败',
  },
  columns: {
    name: '名称',
    version: '版本',
    kind: '产品类型',
    systemVersion: '系统版本',
    size: '大小',
    sha256: 'SHA-256',
    uploader: '上传人',
    createdAt: '上传时间',
    description: '描述',
  },
  where:
    '安装包从本控制台下载：每个安装包用所在行的“下载”按钮下载（须登录），并按列表中的 SHA-256 校验。注册到本控制台的引擎也由本控制台提供，获取和注册的命令见下方“安装并注册引擎”。',
  copied: '已复制',
  download: '下载',
  downloadLabel: '下载 {{name}}',
  empty: '暂无安装包，请先上传。',
  emptyFiltered: '没有符合条件的安装包。',
  form: {
    title: '上传安装包',
    file: '安装包文件',
    pick: '选择文件',
    fileHint: '支持 {{extensions}}，不超过 {{size}}。',
    fileRequired: '请选择安装包文件',
    badExtension: '扩展名不合法，仅支持 {{extensions}}',
    tooBig: '文件不能超过 {{size}}',
    badFormat: '文件内容与扩展名不符',
    name: '名称',
    version: '版本号',
    versionInvalid: '请输入版本号，如 1.2.3',
    kind: '产品类型',
    systemVersion: '系统版本',
    systemVersionHint: '如 CentOS 7、Ubuntu 22.04、Windows 10',
    description: '描述',
    choose: '请选择{{field}}',
    required: '请输入{{field}}',
  },
  enrol: {
    title: '安装并注册引擎',
    intro:
      '选择安装包和分组，然后在目标机器上：下载并校验、安装安装包，再从本控制台获取引擎，用分组的注册密钥注册。',
    installer: '安装包',
    pickInstaller: '请选择安装包',
    group: '分组',
    pickGroup: '请选择引擎加入的分组',
    install: '校验并安装安装包',
    whereToGet:
      '用上方列表中该行的“下载”按钮下载 {{file}}（须登录控制台），复制到目标机器，再在该目录运行下面的命令：按列表中的 SHA-256 校验，校验无误才安装。',
    command: '获取引擎并注册',
  },
};

export default adminInstallers;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    adminInstallers: typeof adminInstallers;
  }
}
