import dayjs from 'dayjs';
import './dayjs-locale.ts';

/** An ISO time as local date and time; '—' for none. */
export function formatTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—';
}

/** An ISO time as a local date; '—' for none. */
export function formatDate(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD') : '—';
}
