import { Link, useLocation, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { useAuthStore } from '../../features/accounts/auth-store';
import { BlindShare } from '../../features/player/components/blind-share';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../paths';

/**
 * `/s/:token`: a blind share link (decision 0307), public like the charts method: a listener
 * hears it inside the app, a visitor on the site, asked to sign up and brought back here.
 */
export function Component() {
  useDocumentTitle('A blind track');
  const { token = '' } = useParams();
  const location = useLocation();
  const isSignedIn = useAuthStore((state) => state.user !== null);
  const back = { from: { pathname: location.pathname } };
  return (
    <BlindShare
      key={token}
      token={token}
      isSignedIn={isSignedIn}
      artistHref={(artistId) => paths.artist(artistId)}
      signUpLink={
        <Button asChild size="lg">
          <Link to={paths.signupListener} state={back}>
            Sign up free to hear it all
          </Link>
        </Button>
      }
      logInLink={
        <Button asChild size="lg" variant="secondary">
          <Link to={paths.login} state={back}>
            Log in
          </Link>
        </Button>
      }
      discoverLink={
        <Button asChild>
          <Link to={isSignedIn ? paths.player : paths.signupListener}>Discover more blind tracks</Link>
        </Button>
      }
    />
  );
}
