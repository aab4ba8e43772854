/** The public landing page; lazy: registered by home-page.tsx. */
const home = {
  hero: {
    eyebrow: '终端数据防护',
    title: 'EDP 终端数据防护管理平台',
    lead: '为服务器与终端上的数据加密、数据与程序完整性、访问控制加密引擎，统一管理授权、设备与余额。',
    login: '登录',
    register: '注册企业账号',
    console: '进入控制台',
  },
  engines: {
    heading: '防护引擎',
    intro: '一个控制台，管理五类防护引擎。',
    TDE: {
      name: '透明数据加密',
      description: '对受保护目录中的文件透明加解密，数据离开授权环境即不可读。',
    },
    DI: { name: '数据完整性', description: '监控关键数据文件，阻止未经授权的篡改与删除。' },
    DPI: {
      name: '数据与程序完整性',
      description: '同时保护数据与可执行程序，只允许经过授权的程序运行与写入。',
    },
    PWE: {
      name: '访问控制加密（增强）',
      description: '基于访问控制策略的加密防护，按用户与程序精细授权。',
    },
    PWO: {
      name: '访问控制加密（运维）',
      description: '面向运维场景的访问控制加密，支持临时提权与学习模式。',
    },
  },
  features: {
    heading: '门户能做什么',
    licence: {
      title: '我的授权',
      description: '查看授权状态、剩余天数与续期记录，临期 30 天前提醒。',
    },
    device: {
      title: '我的引擎',
      description: '上传引擎生成的授权请求文件，下载签名授权证书与提权文件。',
    },
    balance: { title: '我的余额', description: '余额按月计算，使用充值码充值，签发时自动扣减。' },
  },
};

export default home;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    home: typeof home;
  }
}
