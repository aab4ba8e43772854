import type { Catalogue } from './types.ts';

/**
 * Engine command codes of docs/product.md §8 (-1…-85). Engines answer commands with them, and the console
 * raises the licence ones itself when it verifies a certificate (docs/architecture.md §7).
 * -53…-69 and -76…-83 are not defined by the vendor and stay unassigned.
 */
const engineMessages: Record<number, [zh: string, en: string]> = {
  [-1]: ['通用错误', 'Generic error'],
  [-2]: ['未知命令', 'Unknown command'],
  [-3]: ['缺少选项', 'Missing option'],
  [-4]: ['无效选项', 'Invalid option'],
  [-5]: ['数据无效或不匹配', 'Invalid or mismatched data'],
  [-6]: ['内核模块未加载', 'Kernel modules are not loaded'],
  [-7]: ['控制台无法启动', 'The console cannot start'],
  [-8]: ['另一个命令正在执行', 'Another command is active'],
  [-9]: [
    '引擎缺少运行所需的参数（如厂商公钥）：请按控制台“新增设备”中的命令重新注册引擎',
    'The engine lacks a setting it needs (such as the vendor public key): enrol it again with the commands under "Add device" in the console',
  ],
  [-10]: ['环境参数未设置', 'Environment parameter not set'],
  [-11]: ['环境参数错误', 'Environment parameter wrong'],
  [-12]: [
    '许可证无效：证书不是为本设备待处理的申请签发的，或已安装过；请为本设备重新申请证书',
    'Invalid license: the certificate does not answer a request this device has outstanding, or was installed already; request a new one for this device',
  ],
  [-13]: [
    '许可证文件缺失：设备尚未激活，或上传的证书文件为空；请先在“许可证管理”中激活设备',
    'License file missing: the device is not activated yet, or the certificate file is empty; activate the device under Licenses first',
  ],
  [-14]: [
    '需要提权：此操作只能在提权期间进行，请先提交提权申请并等待审计员通过',
    'Elevation required: this can only be done while elevated; ask for elevation and wait for an auditor to approve it',
  ],
  [-15]: ['正在切换到提权状态', 'Busy switching to elevation'],
  [-16]: ['工具无法更改', 'The utility cannot be changed'],
  [-17]: ['文件不存在', 'File missing'],
  [-18]: ['目录不存在', 'Directory missing'],
  [-19]: ['目录未被监控', 'Directory not monitored'],
  [-20]: ['目录已被监控', 'Directory already monitored'],
  [-21]: ['需要文件，却给出了目录', 'A directory was given instead of a file'],
  [-22]: ['文件已存在', 'File exists'],
  [-23]: ['索引不存在', 'Index absent'],
  [-24]: ['不是目录', 'Not a directory'],
  [-25]: ['禁止的目录', 'Forbidden directory'],
  [-26]: ['无效路径', 'Invalid path'],
  [-27]: ['拒绝访问', 'Access denied'],
  [-28]: ['不支持远程挂载', 'Remote mount unsupported'],
  [-29]: ['该命令不允许用于文件', 'Command not allowed for a file'],
  [-30]: ['模式不匹配', 'Pattern unmatched'],
  [-31]: [
    '时间超出范围：文件已过期或尚未生效，或设备、控制台的时钟不准',
    'Time out of range: the file has expired or is not valid yet, or a clock is wrong',
  ],
  [-32]: ['无效的时间类型', 'Invalid time type'],
  [-33]: ['没有提权时间', 'No elevation time'],
  [-34]: ['内存分配失败', 'Memory allocation failure'],
  [-35]: ['查找错误', 'Lookup error'],
  [-36]: ['无效的外部信息', 'Invalid external info'],
  [-37]: ['库类型错误', 'Wrong library type'],
  [-38]: ['缺少库环境变量', 'Library environment variable missing'],
  [-39]: ['找不到库', 'Library not found'],
  [-40]: ['不允许存在栈漏洞的程序', 'Stack-vulnerable program not allowed'],
  [-41]: [
    '许可证文件不适用于本系统：它是为另一台设备（硬件指纹不同）签发的',
    'License file invalid for this system: it was issued for another device (another hardware fingerprint)',
  ],
  [-42]: ['提权文件不适用于本系统', 'Elevation file invalid for this system'],
  [-43]: ['更新文件不适用于本系统', 'Update file invalid for this system'],
  [-44]: ['哈希计算失败', 'Hash failure'],
  [-45]: ['选项冲突', 'Option conflict'],
  [-46]: ['无法保存设置', 'Cannot store settings'],
  [-47]: ['已加密', 'Already encrypted'],
  [-48]: ['已解密', 'Already decrypted'],
  [-49]: ['临时文件失败', 'Temporary file failure'],
  [-50]: ['无法获取属性', 'Attributes unavailable'],
  [-51]: ['无法删除原文件', 'Cannot delete the original'],
  [-52]: ['无法重命名临时文件', 'Cannot rename the temporary file'],
  [-70]: ['加密自检失败', 'Crypto self-test failed'],
  [-71]: ['随机数自检失败', 'Random-number self-test failed'],
  [-72]: ['对称算法自检失败', 'Symmetric-cipher self-test failed'],
  [-73]: ['哈希算法自检失败', 'Hash self-test failed'],
  [-74]: [
    '签名验证失败：文件不是由本控制台信任的厂商签发的，或内容已被改动',
    'Signature verification failed: the file was not signed by the vendor this console trusts, or was altered',
  ],
  [-75]: ['签名生成失败', 'Signature generation failed'],
  [-84]: [
    '已有有效许可证：设备已安装的许可证不比此证书旧；如需延长有效期，请申请续期',
    'A valid license is already installed, no older than this certificate; to extend it, ask for a renewal',
  ],
  [-85]: ['许可证不允许该命令', 'Command not allowed by the license'],
};

export const engineCatalogue: Catalogue = Object.fromEntries(
  Object.entries(engineMessages).map(([code, [zh, en]]) => [
    code,
    { status: 422, 'zh-CN': zh, 'en-US': en },
  ]),
);

export const EngineErr = {
  Generic: -1,
  InvalidData: -5,
  OtherSystem: -41,
  SignatureFailed: -74,
  InvalidLicence: -12,
  LicenceMissing: -13,
  TimeOutOfRange: -31,
  LicenceAlreadyValid: -84,
} as const;
