import { PRODUCT_NAME } from '@klang/domain';
import { NotYetAvailable } from '../components/not-yet-available';

export function Component() {
  return <NotYetAvailable screen={`${PRODUCT_NAME} Kit`} />;
}
