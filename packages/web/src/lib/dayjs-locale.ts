import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { i18n } from '../locales/i18n.ts';

/**
 * dayjs (and so antd's date components) speaks the current language. Import this module for
 * its effect from every module that uses dayjs (the date pickers, the audit log); times shown
 * as text need no dayjs (lib/format.ts).
 */
function apply(language: string): void {
  dayjs.locale(language === 'zh-CN' ? 'zh-cn' : 'en');
}

apply(i18n.language);
i18n.on('languageChanged', apply);
