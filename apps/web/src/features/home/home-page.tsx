import { useShellSlots } from '../../app/shell-slots.tsx';
import { AnonymousHome } from './components/anonymous-home.tsx';
import { SignedInHome } from './components/signed-in-home.tsx';

/** Home: the anonymous or the signed-in variant (spec 2 §2). */
export function HomePage() {
  const { signedIn, signedInHome } = useShellSlots();
  if (signedIn) return signedInHome ?? <SignedInHome />;
  return <AnonymousHome />;
}
