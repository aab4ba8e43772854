import type zh from '../zh-CN/admin-reports.lazy.ts';
import type { DeepString } from '../types.ts';

const adminReports: DeepString<typeof zh> = {
  intro:
    'Daily, weekly and monthly reports sum up devices, activations, tasks, alerts and the audit log, as a PDF (the summary) and an XLSX (the summary and every device). Reports are made in the background; the list shows how far they have come.',
  kinds: { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' },
  locales: { 'zh-CN': '中文', 'en-US': 'English' },
  status: { queued: 'Queued', making: 'Making', done: 'Done', failed: 'Failed' },
  columns: {
    name: 'Name',
    period: 'Period',
    kind: 'Kind',
    language: 'Language',
    status: 'Status',
    size: 'Size',
    madeBy: 'Made by',
    createdAt: 'Made at',
    download: 'Download',
  },
  partial: 'Partial',
  partialHelp: 'Made before the period ended: the report counts it up to the moment it was made.',
  bySchedule: 'Schedule',
  byUser: '{{account}}',
  make: {
    open: 'Make report',
    title: 'Make a report',
    kind: 'Kind',
    day: 'A day in the period',
    dayHelp: 'Leave empty for the last period that has ended.',
    language: 'Language',
    ok: 'Make',
    notEnded: 'This period has not ended yet',
    notEndedHelp:
      'The report counts it only up to the moment it is made, so its figures are partial; make it again once the period has ended for the whole period.',
  },
  schedule: {
    title: 'Schedule',
    help: "After each period ends, its report is made (periods in this browser's time zone, {{tz}}).",
    kinds: 'Make automatically',
    language: 'Language',
    save: 'Save',
  },
  empty: 'No reports yet: make one, or switch the schedule on.',
  loadFailed: 'The reports could not be loaded',
};

export default adminReports;
