/** Installers and versions (console); lazy (admin-installers/lib/installer-locales.ts). */
const adminInstallers = {
  upload: '上传安装包',
  readOnly: '当前角色为只读，可查看和下载安装包，不能上传或删除。',
  filters: {
    keyword: '名称、版本或系统版本',
    kind: '产品类型',
    allKinds: '全部产品类型',
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
    required: '请输入{{field}}',
  },
  enrol: {
    title: '安装并注册引擎',
    intro: '选择安装包和分组，在目标机器上执行下面的命令：先安装，再用分组的注册密钥注册。',
    installer: '安装包',
    pickInstaller: '请选择安装包',
    group: '分组',
    pickGroup: '请选择引擎加入的分组',
    command: '安装与注册命令',
  },
};

export default adminInstallers;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    adminInstallers: typeof adminInstallers;
  }
}
