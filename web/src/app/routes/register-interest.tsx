import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { FormSuccess } from '../../features/forms/components/form-success';
import { InterestForm } from '../../features/subscribers/components/interest-form';
import { StaticPage } from '../components/static-page';
import { readInterestOrigin } from '../interest-origin';
import { paths } from '../paths';

/** /register-interest (spec 000 §2): Back returns to /account-type when the visitor came from it. */
export function Component() {
  const location = useLocation();
  const origin = readInterestOrigin(location.state);
  const [isRegistered, setIsRegistered] = useState(false);
  const back = origin.from === 'account-type' ? paths.accountType : paths.home;
  return (
    <StaticPage
      title="Register Your Interest"
      eyebrow={origin.isComingSoon ? 'Coming Soon' : 'Early access'}
      lead="Listener accounts are coming soon. Leave your details and we will let you know as soon as you can start listening."
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
            body="Thanks for registering your interest. We'll be in touch with news. You can also start listening today: a listener account takes a minute."
            actions={
              <>
                <Button asChild>
                  <Link to={paths.signupListener}>Create a listener account</Link>
                </Button>
                <Button asChild variant="secondary">
                  <Link to={paths.home}>Back to home</Link>
                </Button>
              </>
            }
          />
        ) : (
          <InterestForm
            onRegistered={() => {
              setIsRegistered(true);
            }}
          />
        )}
      </div>
    </StaticPage>
  );
}
