import { DEFAULT_FULL_NAME } from '@edp/shared/constants';
import type { Locale } from '@edp/shared/errors';
import type { RequestStatus, TestStatus } from '@edp/shared/contracts/support-requests';
import type { MailMessage } from '../../platform/mail/index.ts';

/** What happened to a customer's request, as the mail says it. */
export type RequestNews =
  | { kind: 'reply'; body: string }
  | { kind: 'status'; status: RequestStatus; reason: string }
  | { kind: 'test'; testStatus: TestStatus };

const texts = {
  'zh-CN': {
    subject: (no: number, title: string) => `需求 #${no}「${title}」有新进展`,
    reply: '厂商答复：',
    status: { new: '新建', processing: '处理中', solved: '已解决', dismissed: '已驳回' },
    statusLine: (s: string) => `状态已改为：${s}`,
    reason: (why: string) => `原因：${why}`,
    test: { testing: '测试中', passed: '测试通过', failed: '测试失败' },
    testLine: (s: string) => `测试状态：${s}`,
    footer: '请登录门户的“我的需求”查看详情并回复。',
  },
  'en-US': {
    subject: (no: number, title: string) => `Support request #${no} "${title}": news`,
    reply: 'The vendor answered:',
    status: { new: 'New', processing: 'Processing', solved: 'Solved', dismissed: 'Dismissed' },
    statusLine: (s: string) => `Its status is now: ${s}`,
    reason: (why: string) => `Why: ${why}`,
    test: { testing: 'Testing', passed: 'Passed', failed: 'Failed' },
    testLine: (s: string) => `Test status: ${s}`,
    footer: 'Sign in to the portal and open "My support requests" to read it all and reply.',
  },
} as const;

/** The mail to the customer who opened the request, in the company's language. */
export function requestMail(
  to: string,
  language: Locale,
  request: { no: number; title: string },
  news: RequestNews,
): MailMessage {
  const t = texts[language];
  const lines: string[] = [];
  if (news.kind === 'reply') lines.push(t.reply, '', news.body);
  if (news.kind === 'status') {
    lines.push(t.statusLine(t.status[news.status]));
    if (news.reason) lines.push(t.reason(news.reason));
  }
  if (news.kind === 'test') lines.push(t.testLine(t.test[news.testStatus]));
  return {
    to,
    subject: `${DEFAULT_FULL_NAME[language]} - ${t.subject(request.no, request.title)}`,
    text: [...lines, '', t.footer].join('\n'),
    language,
  };
}

/**
 * The mail to the vendor's support address (system settings) when a customer opens a request or
 * adds to its thread: in both languages, as the vendor's team may read either.
 */
export function vendorRequestMail(
  to: string,
  request: { no: number; title: string },
  company: string,
  reply?: string,
): MailMessage {
  const { no, title } = request;
  const zh = reply
    ? [`${company} 回复了需求 #${no}「${title}」：`, '', reply]
    : [`${company} 提交了需求 #${no}「${title}」。`];
  const en = reply
    ? [`${company} replied on support request #${no} "${title}":`, '', reply]
    : [`${company} opened support request #${no} "${title}".`];
  return {
    to,
    subject: `${DEFAULT_FULL_NAME['zh-CN']} - #${no} ${title} (${company})`,
    text: [...zh, '', '——', '', ...en].join('\n'),
    language: 'zh-CN',
  };
}
