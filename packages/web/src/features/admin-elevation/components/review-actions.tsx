import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TAckItem } from '@edp/shared/contracts/elevation';
import '../lib/locales.ts';

/**
 * Pass and dismiss for one pending request. The server answers per request whether the caller may
 * review it and, if not, why (the rule `/ack/s/check` applies: their own request, or a proxy
 * relation with the asker); a button that would be refused is disabled with that reason shown as
 * text beside it and given as its description, before any note is typed. The server still checks.
 */
export function ReviewActions({
  item,
  onReview,
}: {
  item: TAckItem;
  onReview: (approve: boolean) => void;
}) {
  const { t } = useTranslation('adminElevation');
  if (item.phase !== 'pending') return null;
  const { may, bar } = item.review;
  const whyId = `review-bar-${item.id}`;
  const described = may ? {} : { 'aria-describedby': whyId };
  return (
    <>
      <Space size={0}>
        <Button
          type="link"
          size="small"
          disabled={!may}
          aria-label={t('review.approveOf', { device: item.deviceName })}
          {...described}
          onClick={() => onReview(true)}
        >
          {t('review.approve')}
        </Button>
        <Button
          type="link"
          size="small"
          danger
          disabled={!may}
          aria-label={t('review.dismissOf', { device: item.deviceName })}
          {...described}
          onClick={() => onReview(false)}
        >
          {t('review.dismiss')}
        </Button>
      </Space>
      {!may && bar && (
        <div id={whyId} className="review-bar">
          {t(`review.bars.${bar}`)}
        </div>
      )}
    </>
  );
}
