import { PendingPage } from '../../../components/pending-page.tsx';

/** Recharge with a code (SPEC §2 /recharge). Content: to be built by the portal change. */
export default function RechargePage() {
  return <PendingPage name="recharge" />;
}
