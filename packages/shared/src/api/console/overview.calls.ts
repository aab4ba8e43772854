import { ZOverviewActivity, ZOverviewActivityRequest } from '../../contracts/overview.ts';
import { call, consoleRead } from '../define.ts';

/**
 * The data overview's charts (docs/overview.md): the engines' events and alerts over time and the
 * devices with the most alerts, in the caller's groups, for those who read the logs (the security
 * operator and the auditor, as /log/m/monitor). The device figures are /dv/m/overview's.
 */
const tag = 'overview';

export const overviewActivity = call({
  method: 'POST',
  path: '/overview/m/activity',
  access: consoleRead('operate', 'audit'),
  tag,
  summary:
    'Events and alerts over a time range (24 h, 7 d, 30 d, 12 months) and the devices with the most alerts',
  label: { 'zh-CN': '查看事件与告警统计', 'en-US': 'View event and alert figures' },
  body: ZOverviewActivityRequest,
  data: ZOverviewActivity,
});
