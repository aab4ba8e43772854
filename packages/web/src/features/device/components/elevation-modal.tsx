import { useState } from 'react';
import { Alert, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format.ts';
import { useCreateElevation } from '../api/create-elevation.ts';
import { downloadIssueFile } from '../../licence/api/download-issue-file.ts';
import { durationProblem, durationToSeconds, type Duration } from './duration.ts';

const PARTS = ['days', 'hours', 'minutes', 'seconds'] as const;
const MAX: Record<(typeof PARTS)[number], number> = {
  days: 30,
  hours: 23,
  minutes: 59,
  seconds: 59,
};

interface ElevationModalProps {
  deviceId: string;
  open: boolean;
  onClose: () => void;
}

/** Days, hours, minutes and seconds (docs/product.md §9) → an elevation file, downloaded at once. */
export function ElevationModal({ deviceId, open, onClose }: ElevationModalProps) {
  const { t } = useTranslation('device');
  const [duration, setDuration] = useState<Duration>({ hours: 1 });
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState<string>();
  const mutation = useCreateElevation();
  const problem = submitted ? durationProblem(duration) : undefined;

  const submit = async () => {
    setSubmitted(true);
    if (durationProblem(duration)) return;
    try {
      const answer = await mutation.mutateAsync({
        deviceId,
        seconds: durationToSeconds(duration),
      });
      setDone(
        t('elevation.done', {
          from: formatTime(answer.validFrom),
          until: formatTime(answer.validUntil),
        }),
      );
      await downloadIssueFile(answer.recordId, `${deviceId}.ele`);
    } catch {
      // The HTTP client showed the server's message (e.g. no valid licence).
    }
  };

  const close = () => {
    setDone(undefined);
    setSubmitted(false);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('elevation.title')}
      okText={t('elevation.submit')}
      onOk={() => void submit()}
      confirmLoading={mutation.isPending}
      onCancel={close}
      destroyOnHidden
    >
      <p>{t('elevation.intro')}</p>
      <fieldset className="duration-fields" aria-describedby="elevation-error">
        {PARTS.map((part) => (
          <div key={part}>
            <label htmlFor={`elevation-${part}`} className="form-field__label">
              {t(`elevation.${part}`)}
            </label>
            <InputNumber
              id={`elevation-${part}`}
              min={0}
              max={MAX[part]}
              precision={0}
              value={duration[part] ?? null}
              status={problem ? 'error' : undefined}
              onChange={(value) => setDuration((d) => ({ ...d, [part]: value }))}
              style={{ width: '100%' }}
            />
          </div>
        ))}
      </fieldset>
      <div id="elevation-error" role="alert" className="form-field__error">
        {problem && t(`elevation.${problem}`)}
      </div>
      {done && <Alert type="success" showIcon title={done} />}
    </Modal>
  );
}
