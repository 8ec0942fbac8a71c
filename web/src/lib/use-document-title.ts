import { PRODUCT_NAME } from '@klang/domain';
import { useEffect } from 'react';

/** Sets the tab title to 'Page · Klang', or 'Klang' alone without a page name. */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [page]);
}
