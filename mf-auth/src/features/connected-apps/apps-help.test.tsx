import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentPath, renderAt } from '@tunafy/app-kit/test';
import AppsHelpPage from '../../app/apps-help-page';

describe('Listen in other apps', () => {
  it('names clients by platform, the settings to type, and links back to Connected apps', async () => {
    renderAt('/settings/apps/help', { '/settings/apps/help': <AppsHelpPage /> });
    expect(screen.getByRole('heading', { level: 1, name: 'Listen in other apps' })).toBeInTheDocument();
    const apps = screen.getByRole('region', { name: 'Apps that work' });
    const platforms = within(apps).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(platforms).toEqual(['Android', 'iPhone and iPad', 'Desktop (Windows, macOS, Linux)']);
    for (const app of ['Symfonium', 'Tempo', 'DSub', 'Amperfy', 'play:Sub', 'substreamer', 'Feishin', 'Supersonic', 'Sonixd']) expect(within(apps).getByText(app)).toBeInTheDocument();
    const settings = screen.getByRole('region', { name: 'What to type into the app' });
    expect(settings).toHaveTextContent(window.location.origin);
    expect(settings).toHaveTextContent('Legacy authentication');
    await userEvent.click(within(settings).getByRole('link', { name: 'Connected apps' }));
    expect(currentPath()).toBe('/settings/apps');
  });
});
