import { PRODUCT_NAME } from '@klang/domain';
import { formatLongDate } from '../../lib/format-date';
import { StaticPage } from '../components/static-page';
import { PRIVACY_EFFECTIVE_DATE } from '../content/legal-dates';
import { PrivacyPartOne } from '../content/privacy-part-one';
import { PrivacyPartTwo } from '../content/privacy-part-two';

export function Component() {
  return (
    <StaticPage
      title="Privacy Policy"
      eyebrow="Legal"
      lead={`What ${PRODUCT_NAME} collects, why, and the control you have over it. In short: only what the service needs, first-party analytics only, and no third-party trackers.`}
      meta={
        <>
          Last updated <time dateTime={PRIVACY_EFFECTIVE_DATE}>{formatLongDate(PRIVACY_EFFECTIVE_DATE)}</time>
        </>
      }
    >
      <PrivacyPartOne />
      <PrivacyPartTwo />
    </StaticPage>
  );
}
