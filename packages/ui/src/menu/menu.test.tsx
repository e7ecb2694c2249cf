import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { Menu, type MenuItem } from './menu';

function renderMenu(items?: MenuItem[], onOpen = () => undefined) {
  const chosen: string[] = [];
  const list = items ?? ['Play next', 'Add to queue', 'Add to Playlist', 'Delete'].map((label) => ({ label, onSelect: () => chosen.push(label), danger: label === 'Delete' }));
  render(
    <>
      <button type="button">Before</button>
      <Menu label="More options for Blue Hour" items={list} onOpen={onOpen}>
        ⋯
      </Menu>
      <button type="button">After</button>
    </>,
  );
  return { user: userEvent.setup(), trigger: screen.getByRole('button', { name: 'More options for Blue Hour' }), chosen };
}

/** Renders the menu and opens it with Enter on its trigger; `pageKeys` lists the keys that reached the page (its shortcuts). */
async function openByKeyboard() {
  const pageKeys: string[] = [];
  const listener = (event: KeyboardEvent) => pageKeys.push(event.key);
  window.addEventListener('keydown', listener);
  onTestFinished(() => window.removeEventListener('keydown', listener));
  const menu = renderMenu();
  menu.trigger.focus();
  await menu.user.keyboard('{Enter}');
  return { ...menu, pageKeys };
}

const item = (name: string) => screen.getByRole('menuitem', { name });

describe('Menu', () => {
  it('is a menu button: closed, it says it has a menu; open, it points at the menu named after it', async () => {
    const { user, trigger } = renderMenu();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    const menu = screen.getByRole('menu', { name: 'More options for Blue Hour' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getAllByRole('menuitem').map((element) => element.textContent)).toEqual(['Play next', 'Add to queue', 'Add to Playlist', 'Delete']);
  });

  it('opens with Enter on the first item; arrows move and wrap, Home and End jump', async () => {
    const { user } = await openByKeyboard();
    expect(item('Play next')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Add to queue')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Delete')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Play next')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('Delete')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('Play next')).toHaveFocus();
  });

  it('opens with ArrowDown on the first item and with ArrowUp on the last', async () => {
    const { user, trigger } = renderMenu();
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(item('Play next')).toHaveFocus();
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowUp}');
    expect(item('Delete')).toHaveFocus();
  });

  it('typeahead: a letter moves to the next item that starts with it, more letters narrow it down; the page’s shortcuts do not see them', async () => {
    const { user, pageKeys } = await openByKeyboard();
    await user.keyboard('d');
    expect(item('Delete')).toHaveFocus();
    // Radix forgets the typed letters after a second without typing.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await user.keyboard('a');
    expect(item('Add to queue')).toHaveFocus();
    await user.keyboard('dd to p');
    expect(item('Add to Playlist')).toHaveFocus();
    expect(pageKeys).toEqual(['Enter']);
  });

  it('Escape closes it and returns focus to the trigger, and does not reach the page’s shortcuts', async () => {
    const { user, trigger, pageKeys } = await openByKeyboard();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(pageKeys).toEqual(['Enter']);
  });

  it('Enter on an item runs it, closes the menu and leaves focus on the trigger', async () => {
    const { user, trigger, chosen } = await openByKeyboard();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(chosen).toEqual(['Add to queue']);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('an item acts with focus already back on the trigger, so a dialog it opens returns focus there', async () => {
    let focusedWhenChosen: Element | null = null;
    const { user, trigger } = renderMenu([{ label: 'Add to Playlist', onSelect: () => (focusedWhenChosen = document.activeElement) }]);
    await user.click(trigger);
    await user.click(item('Add to Playlist'));
    expect(focusedWhenChosen).toBe(trigger);
  });

  it('Tab closes it and moves on from the trigger', async () => {
    const { user } = await openByKeyboard();
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('a press outside closes it', async () => {
    const { user, trigger } = renderMenu();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('reports an opening (an intent to load what its items open), once per opening', async () => {
    const onOpen = vi.fn();
    const { user, trigger } = renderMenu(undefined, onOpen);
    await user.click(trigger);
    await user.keyboard('{Escape}');
    await user.click(trigger);
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('shows a header that is not an item', async () => {
    render(
      <Menu label="Profile: ann" menuLabel="Profile" header={<p>ann@example.com</p>} items={[{ label: 'Log Out', onSelect: () => undefined }]}>
        ☺
      </Menu>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Profile: ann' }));
    const menu = screen.getByRole('menu', { name: 'Profile' });
    expect(menu).toHaveTextContent('ann@example.com');
    expect(screen.getAllByRole('menuitem').map((element) => element.textContent)).toEqual(['Log Out']);
  });

  it('renders nothing without items', () => {
    const { container } = render(<Menu label="More" items={[]}>⋯</Menu>);
    expect(container).toBeEmptyDOMElement();
  });

  it('before its chunk has loaded: a stand-in trigger that opens the menu once loaded, focus where the key asked', async () => {
    vi.resetModules();
    const fresh = await import('./menu');
    const chosen: string[] = [];
    render(
      <fresh.Menu label="Late menu" items={['One', 'Two'].map((label) => ({ label, onSelect: () => chosen.push(label) }))}>
        ⋯
      </fresh.Menu>,
    );
    const standIn = screen.getByRole('button', { name: 'Late menu' });
    expect(standIn).toHaveAttribute('aria-haspopup', 'menu');
    expect(standIn).toHaveAttribute('aria-expanded', 'false');
    standIn.focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(await screen.findByRole('menu', { name: 'Late menu' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Two' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    const trigger = screen.getByRole('button', { name: 'Late menu' });
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});
