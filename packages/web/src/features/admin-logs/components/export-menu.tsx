import { useRef, useState } from 'react';
import { Button, Dropdown } from 'antd';
import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { exportAccessLog, exportMonitorLog } from '@edp/shared/api/console/logs.calls';
import { EXPORT_FORMATS, type ExportFormat } from '@edp/shared/constants';
import {
  fileNameFromDisposition,
  getFile,
  isCancel,
  saveBlob,
} from '../../../lib/download-file.ts';
import { readerTimeZone } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { loadMessage, toastSuccess } from '../../../lib/toast.ts';
import { formatBytes, progressCounter, type ExportProgress } from '../lib/export-progress.ts';
import { exportQuery, type LogFilter } from '../lib/log-filter.ts';

const CALLS = { monitor: exportMonitorLog, access: exportAccessLog } as const;
/** Progress is shown at most this often: a large export comes in thousands of chunks. */
const SHOW_EVERY_MS = 150;

/**
 * "Export" with its formats (CSV, Excel): every event of the log as filtered, not only the page,
 * worded in the page's language with times in the browser's zone. The file streams: while it
 * comes the page says how much has arrived (and how many rows, for CSV) with a Cancel, and the
 * file is saved once whole.
 */
export function ExportMenu({ list, filter }: { list: 'monitor' | 'access'; filter: LogFilter }) {
  const { t } = useTranslation('adminLogs');
  const [running, setRunning] = useState<{ format: ExportFormat; progress: ExportProgress }>();
  const abort = useRef<AbortController>(undefined);

  const run = async (format: ExportFormat) => {
    const controller = new AbortController();
    abort.current = controller;
    let shownAt = 0;
    setRunning({ format, progress: { bytes: 0 } });
    try {
      const path = `${CALLS[list].path}?${exportQuery(list, filter, format, readerTimeZone())}`;
      const count = progressCounter(format);
      const { blob, disposition } = await getFile(path, {
        silent: true,
        signal: controller.signal,
        onChunk: (chunk) => {
          const progress = count(chunk);
          const now = Date.now();
          if (now - shownAt < SHOW_EVERY_MS) return;
          shownAt = now;
          setRunning({ format, progress });
        },
      });
      const fileName = fileNameFromDisposition(disposition, `${list}-log.${format}`);
      saveBlob(blob, fileName);
      toastSuccess(t('export.saved', { name: fileName }));
    } catch (e) {
      // antd's message loads with the first toast, not with the log (lib/toast.ts).
      const cancelled = isCancel(e) || controller.signal.aborted;
      const text = e instanceof ApiError && e.msg ? e.msg : t('export.failed');
      void loadMessage().then((toast) =>
        cancelled ? toast.info(t('export.cancelled')) : toast.error(text),
      );
    } finally {
      abort.current = undefined;
      setRunning(undefined);
    }
  };

  return (
    <>
      <Dropdown
        disabled={running !== undefined}
        trigger={['click']}
        menu={{
          items: EXPORT_FORMATS.map((format) => ({ key: format, label: t(`export.${format}`) })),
          onClick: ({ key }) => void run(key as ExportFormat),
        }}
      >
        <Button icon={<DownloadOutlined />} loading={running !== undefined}>
          {t('export.button')} <DownOutlined />
        </Button>
      </Dropdown>
      {running && (
        <span className="log-export-progress">
          <span role="status">
            {t('export.title', { format: t(`export.${running.format}`) })}
            {t('colon')}
            {t('export.received', { size: formatBytes(running.progress.bytes) })}
            {running.progress.rows !== undefined &&
              ` · ${t('export.rows', { count: running.progress.rows })}`}
          </span>
          <Button size="small" onClick={() => abort.current?.abort()}>
            {t('export.cancel')}
          </Button>
        </span>
      )}
    </>
  );
}
