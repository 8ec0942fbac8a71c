import { SignupScreen } from '../components/signup-screen';

/**
 * /signup/artist (spec 000 §2, spec 001 §4), the free path: profile rows, loyalty row and a
 * welcome email, then the player. The checkout path ('Complete Your Artist Profile') arrives
 * with payments.
 */
export function Component() {
  return (
    <SignupScreen
      kind="artist"
      title="Create Your Artist Profile"
      subtitle="Upload your tracks and let listeners find them on sound alone."
    />
  );
}
