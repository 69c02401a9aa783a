import { useSearch } from '@tanstack/react-router';
import { VerifyPage } from '@/features/proof';
import { pages, useGoLogin } from '@/lib/nav';

/** `#/pages/proof/verify?id=<snapshot>`: works signed out; signed in it also fetches the user's proof. */
export default function ProofVerifyRoute() {
  const { id } = useSearch({ from: pages.proof.verify });
  const goLogin = useGoLogin();
  return <VerifyPage id={id} onLogin={goLogin} />;
}
