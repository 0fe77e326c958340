import { lazy, Suspense } from 'react';
import { useShellSlots } from '../../app/shell-slots.tsx';
import { Spinner } from '../../ui/index.ts';
import { AnonymousHome } from './components/anonymous-home.tsx';

// The signed-in home (its tabs, banners, cards and their queries) is loaded only when someone is signed in:
// a visitor's first page, the landing page, stays within its JavaScript budget (issue 15, bench/bundle-size.ts).
const SignedInHome = lazy(() =>
  import('./components/signed-in-home.tsx').then((m) => ({ default: m.SignedInHome })),
);

/** Home: the anonymous or the signed-in variant (spec 2 §2). */
export function HomePage() {
  const { signedIn, signedInHome } = useShellSlots();
  if (signedIn)
    return (
      signedInHome ?? (
        <Suspense fallback={<Spinner size="large" />}>
          <SignedInHome />
        </Suspense>
      )
    );
  return <AnonymousHome />;
}
