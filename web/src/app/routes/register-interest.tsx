import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { FormSuccess } from '../../features/forms/components/form-success';
import { InterestForm, type InterestRole } from '../../features/subscribers/components/interest-form';
import { StaticPage } from '../components/static-page';
import { readInterestOrigin } from '../interest-origin';
import { paths } from '../paths';

/** What the page says around the form, for the role the visitor picks. */
const COPY: Record<InterestRole, { lead: string; success: string; now: { label: string; to: string } }> = {
  listener: {
    lead: 'The Klang app for phones is coming soon. Leave your details and we will tell you when it is out, and ask you to the iOS beta if you like. Listening on the web works today.',
    success:
      "Thanks for registering your interest. We'll tell you when the app is out. You can start listening today: a listener account takes a minute.",
    now: { label: 'Create a listener account', to: paths.signupListener },
  },
  artist: {
    lead: 'Tell us about your music and we will keep you posted on new genres, the beta and what is coming for artists. You can upload your first tracks today.',
    success:
      "Thanks for registering your interest. We'll be in touch with news for artists. You can upload your first tracks today: the free plan takes a minute.",
    now: { label: 'See the artist plans', to: paths.artistSubscription },
  },
};

/** /register-interest (spec 000 §2): Back returns to /account-type when the visitor came from it. */
export function Component() {
  const location = useLocation();
  const origin = readInterestOrigin(location.state);
  const [role, setRole] = useState<InterestRole>('listener');
  const [isRegistered, setIsRegistered] = useState(false);
  const back = origin.from === 'account-type' ? paths.accountType : paths.home;
  const copy = COPY[role];
  return (
    <StaticPage
      title="Register Your Interest"
      eyebrow={origin.isComingSoon ? 'Coming Soon' : 'Early access'}
      lead={copy.lead}
      width="narrow"
    >
      <div className="flex flex-col gap-6">
        <Link
          to={back}
          className="inline-flex items-center gap-2 self-start rounded-full text-sm font-medium text-muted hover:text-fg"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </Link>
        {isRegistered ? (
          <FormSuccess
            title="You're on the list!"
            body={copy.success}
            actions={
              <>
                <Button asChild>
                  <Link to={copy.now.to}>{copy.now.label}</Link>
                </Button>
                <Button asChild variant="secondary">
                  <Link to={paths.home}>Back to home</Link>
                </Button>
              </>
            }
          />
        ) : (
          <InterestForm
            onRoleChange={setRole}
            onRegistered={(registered) => {
              setRole(registered);
              setIsRegistered(true);
            }}
          />
        )}
      </div>
    </StaticPage>
  );
}
