import { PendingPage } from '../../../components/pending-page.tsx';

/** Console home and data overview. Content: to be built by the console change. */
export default function AdminHomePage() {
  return <PendingPage name="adminHome" />;
}
