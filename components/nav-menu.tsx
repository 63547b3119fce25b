'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { isNavGroup, type NavItem, type NavLink } from '@/lib/site';
import styles from './nav-menu.module.css';

const MENU_ID = 'site-menu';
/** Above this width the menu is a horizontal bar; below it, a slide-in panel. */
const DESKTOP_QUERY = '(min-width: 56rem)';

/**
 * Main navigation following the WAI-ARIA APG disclosure navigation pattern. One list serves both
 * layouts: a bar with dropdowns on wide screens, a slide-in panel with collapsible groups on
 * small ones.
 */
export function NavMenu({ items }: { items: readonly NavItem[] }) {
  const pathname = usePathname();
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLUListElement>(null);

  function closeMenu() {
    setMenuOpen(false);
    setOpenGroup(null);
    menuButtonRef.current?.focus();
  }

  function selectLink() {
    setOpenGroup(null);
    if (menuOpen) closeMenu();
  }

  // Clicking anywhere outside the navigation closes an open dropdown.
  useEffect(() => {
    if (openGroup === null) return;
    function onPointerDown(event: PointerEvent) {
      if (!navRef.current?.contains(event.target as Node)) setOpenGroup(null);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openGroup]);

  // While the panel is open: focus moves into it, the page behind does not scroll, and widening
  // the window past the breakpoint closes it.
  useEffect(() => {
    if (!menuOpen) return;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => desktop.matches && setMenuOpen(false);
    desktop.addEventListener('change', onChange);
    return () => {
      document.body.style.overflow = overflow;
      desktop.removeEventListener('change', onChange);
    };
  }, [menuOpen]);

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === 'Escape') {
      if (openGroup !== null) {
        event.preventDefault();
        document.getElementById(groupButtonId(openGroup))?.focus();
        setOpenGroup(null);
      } else if (menuOpen) {
        event.preventDefault();
        closeMenu();
      }
    } else if (event.key === 'Tab' && menuOpen) {
      trapFocus(event, [menuButtonRef.current, ...focusablesIn(panelRef.current)]);
    }
  }

  function onGroupBlur(event: React.FocusEvent<HTMLLIElement>, id: string) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
      setOpenGroup((current) => (current === id ? null : current));
    }
  }

  function renderLink(link: NavLink) {
    return (
      <Link
        href={link.href}
        className={link.cta ? `${styles.link} ${styles.cta}` : styles.link}
        aria-current={link.href === pathname ? 'page' : undefined}
        onClick={selectLink}
      >
        {link.label}
      </Link>
    );
  }

  const cta = items.find((item): item is NavLink => !isNavGroup(item) && item.cta === true);

  return (
    <nav ref={navRef} aria-label="Main" className={styles.nav} onKeyDown={onKeyDown}>
      {/* Phones: the call to action stays in the bar while the menu is closed (in the menu when open). */}
      {cta && (
        <Link href={cta.href} className={`${styles.cta} ${styles.barCta}`} hidden={menuOpen} aria-current={cta.href === pathname ? 'page' : undefined}>
          {cta.label}
        </Link>
      )}
      <button
        ref={menuButtonRef}
        type="button"
        className={styles.menuButton}
        aria-expanded={menuOpen}
        aria-controls={MENU_ID}
        onClick={() => (menuOpen ? closeMenu() : setMenuOpen(true))}
      >
        <span className={styles.burger} aria-hidden="true" data-open={menuOpen} />
        <span className={styles.menuLabel}>Menu</span>
      </button>
      <div className={styles.backdrop} hidden={!menuOpen} onClick={closeMenu} />
      <ul ref={panelRef} id={MENU_ID} className={styles.list} data-open={menuOpen}>
        {items.map((item) =>
          isNavGroup(item) ? (
            <li key={item.id} className={styles.group} onBlur={(event) => onGroupBlur(event, item.id)}>
              <button
                id={groupButtonId(item.id)}
                type="button"
                className={styles.groupButton}
                aria-expanded={openGroup === item.id}
                aria-controls={groupListId(item.id)}
                data-current={item.overview === pathname || item.children.some((child) => child.href === pathname)}
                onClick={() => setOpenGroup(openGroup === item.id ? null : item.id)}
              >
                {item.label}
                <svg className={styles.chevron} viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
                  <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                </svg>
              </button>
              <ul id={groupListId(item.id)} className={styles.dropdown} hidden={openGroup !== item.id}>
                {item.children.map((child) => (
                  <li key={child.href}>{renderLink(child)}</li>
                ))}
              </ul>
            </li>
          ) : (
            <li key={item.href}>{renderLink(item)}</li>
          ),
        )}
      </ul>
    </nav>
  );
}

const groupButtonId = (id: string) => `nav-${id}-button`;
const groupListId = (id: string) => `nav-${id}-list`;

function focusablesIn(root: HTMLElement | null): HTMLElement[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll<HTMLElement>('a[href], button')).filter(
    (element) => !element.closest('[hidden]'),
  );
}

/** Keeps Tab and Shift+Tab cycling through the open panel and its button. */
function trapFocus(event: React.KeyboardEvent, elements: (HTMLElement | null)[]) {
  const focusable = elements.filter((element): element is HTMLElement => element !== null);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
