import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NavMenu } from '@/components/nav-menu';
import { mainNav, serviceLinks, vesselLinks } from '@/lib/site';

jest.mock('next/navigation', () => ({ usePathname: () => '/rest' }));

function renderMenu() {
  const user = userEvent.setup();
  render(
    <>
      <NavMenu items={mainNav} />
      <button type="button">Outside</button>
    </>,
  );
  return { user, services: screen.getByRole('button', { name: 'Services' }), vessel: screen.getByRole('button', { name: 'Vessel / Rig IT' }) };
}

/** The menu as a phone shows it (below the breakpoint), opened with its button. */
async function openSmallScreenMenu() {
  window.matchMedia = jest.fn().mockReturnValue({ matches: false, addEventListener: jest.fn(), removeEventListener: jest.fn() });
  const { user } = renderMenu();
  const menuButton = screen.getByRole('button', { name: 'Menu' });
  await user.click(menuButton);
  return { user, menuButton };
}

describe('NavMenu', () => {
  it('opens a dropdown with Enter and closes it with Escape, returning focus to its button', async () => {
    const { user, services } = renderMenu();
    services.focus();
    await user.keyboard('{Enter}');
    expect(services).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(services.getAttribute('aria-controls')!)!;
    expect(list).toBeVisible();

    await user.tab();
    expect(screen.getByRole('link', { name: 'Software development' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(services).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toBeVisible();
    expect(services).toHaveFocus();
  });

  it('lists the services in the Services dropdown, opened with the mouse, and closes it when one is chosen', async () => {
    const { user, services } = renderMenu();
    await user.click(services);
    const list = document.getElementById(services.getAttribute('aria-controls')!)!;
    expect([...list.querySelectorAll('a')].map((link) => link.textContent)).toEqual(serviceLinks.map((link) => link.label));
    // jsdom cannot navigate; the app router would take over the click in a browser.
    const link = screen.getByRole('link', { name: 'AI automation' });
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(services).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a dropdown with Space as with Enter, its first item next in the tab order', async () => {
    const { user, vessel } = renderMenu();
    vessel.focus();
    await user.keyboard(' ');
    expect(vessel).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('link', { name: vesselLinks[0].label })).toHaveFocus();
  });

  it('keeps one dropdown open at a time', async () => {
    const { user, services, vessel } = renderMenu();
    await user.click(services);
    await user.click(vessel);
    expect(services).toHaveAttribute('aria-expanded', 'false');
    expect(vessel).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes a dropdown when focus leaves it', async () => {
    const { user, vessel } = renderMenu();
    await user.click(vessel);
    await user.tab(); // Communication
    await user.tab(); // Onboard networks
    await user.tab(); // IT management
    await user.tab(); // About, outside the group
    expect(screen.getByRole('link', { name: 'About' })).toHaveFocus();
    expect(vessel).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes a dropdown on a click outside the navigation', async () => {
    const { user, services } = renderMenu();
    await user.click(services);
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(services).toHaveAttribute('aria-expanded', 'false');
  });

  it('marks the current page, and only it, with aria-current', async () => {
    const { user, services } = renderMenu();
    await user.click(services);
    expect(screen.getByRole('link', { name: 'Legacy to REST API' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('link').filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('opens the small-screen menu, moves focus into it, and Escape closes it back to the button', async () => {
    const { user, menuButton } = await openSmallScreenMenu();
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');

    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes the small-screen menu when an item is selected', async () => {
    const { user, menuButton } = await openSmallScreenMenu();
    // jsdom cannot navigate; the app router would take over the click in a browser.
    const link = screen.getByRole('link', { name: 'About' });
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(document.body.style.overflow).toBe('');
  });

  it('keeps Tab and Shift+Tab within the open small-screen menu and its button', async () => {
    const { user, menuButton } = await openSmallScreenMenu();
    await user.tab({ shift: true });
    expect(menuButton).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getAllByRole('link', { name: 'Contact' }).at(-1)).toHaveFocus();
    await user.tab();
    expect(menuButton).toHaveFocus();
  });

  it('closes the small-screen menu from the backdrop beside it, focus back on its button', async () => {
    const { user, menuButton } = await openSmallScreenMenu();
    // The backdrop covers the page beside the panel: the element after the menu's button.
    await user.click(menuButton.nextElementSibling!);
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
  });
});
