import { buttonClassName } from '@/components/button-link';
import { Icon } from '@/components/icon';
import type { ServicePath } from '@/lib/results';
import { sheetHref } from '@/lib/service-sheets';
import styles from './sheet-link.module.css';

/**
 * The service sheet, a second way to act after the opening band's call: a buyer takes the PDF to
 * whoever decides. A plain link, never prefetched or preloaded: the sheet comes only when asked for.
 */
export function SheetLink({ service, pages }: { service: ServicePath; pages: number }) {
  return (
    <p className={styles.sheet}>
      <a href={sheetHref(service)} type="application/pdf" className={`${buttonClassName('secondary')} ${styles.link}`}>
        <Icon name="file-pdf" size={18} />
        {`Service sheet, PDF, ${pages} ${pages === 1 ? 'page' : 'pages'}`}
      </a>
    </p>
  );
}
