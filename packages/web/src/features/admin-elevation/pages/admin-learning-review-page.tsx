import { useTranslation } from 'react-i18next';
import { ReviewPage } from '../components/review-page.tsx';

/** Learning-mode review (the auditor's; SPEC §2 "audit management: learning-mode review"). */
export default function AdminLearningReviewPage() {
  const { t } = useTranslation('menu');
  return <ReviewPage kind="learning" title={t('adminLearningReview')} />;
}
