import { SignupScreen } from '../components/signup-screen';

/** /signup/listener (spec 000 §2): a working listener account, then straight to the player. */
export function Component() {
  return (
    <SignupScreen
      kind="listener"
      title="Create Your Listener Account"
      subtitle="Hear new music blind. Like a track to find out who made it."
    />
  );
}
