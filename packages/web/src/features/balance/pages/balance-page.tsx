import { PendingPage } from '../../../components/pending-page.tsx';

/** My balance (SPEC §2 /balance). Content: to be built by the portal change. */
export default function BalancePage() {
  return <PendingPage name="balance" />;
}
