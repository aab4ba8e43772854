import { PendingPage } from '../../../components/pending-page.tsx';

/** My license (licence list, SPEC §2 /myauth). Content: to be built by the portal change. */
export default function MyauthPage() {
  return <PendingPage name="myauth" />;
}
