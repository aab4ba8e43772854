import { useTranslation } from 'react-i18next';
import { ReviewPage } from '../components/review-page.tsx';

/** Elevation review (the auditor's; SPEC §2 "audit management: elevation review"). */
export default function AdminElevationReviewPage() {
  const { t } = useTranslation('menu');
  return <ReviewPage kind="elevation" title={t('adminElevationReview')} />;
}
