import { NotYetAvailable } from '../components/not-yet-available';

export function Component() {
  return <NotYetAvailable screen="VocalLab" />;
}
