import { PRODUCT_NAME, TERMS_EFFECTIVE_DATE } from '@klang/domain';
import { formatLongDate } from '../../lib/format-date';
import { StaticPage } from '../components/static-page';
import { TermsPartOne } from '../content/terms-part-one';
import { TermsPartTwo } from '../content/terms-part-two';

export function Component() {
  return (
    <StaticPage
      title="Terms of Service"
      eyebrow="Legal"
      lead={`The rules for listening, uploading and taking part on ${PRODUCT_NAME}, written to be read.`}
      meta={
        <>
          Effective <time dateTime={TERMS_EFFECTIVE_DATE}>{formatLongDate(TERMS_EFFECTIVE_DATE)}</time>
        </>
      }
    >
      <TermsPartOne />
      <TermsPartTwo />
    </StaticPage>
  );
}
