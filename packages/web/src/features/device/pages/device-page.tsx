import { PendingPage } from '../../../components/pending-page.tsx';

/** My engine (engine list, SPEC §2 /device). Content: to be built by the portal change. */
export default function DevicePage() {
  return <PendingPage name="device" />;
}
