import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Renders screens the way the shell does (inside its router, at the shell's route paths), with the current
 * path visible (currentPath). `extra` renders beside the routes, as the shell mounts a remote's modals.
 */
export function renderAt(path: string, routes: Record<string, ReactElement>, extra?: ReactElement) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {Object.entries(routes).map(([routePath, element]) => (
          <Route key={routePath} path={routePath} element={element} />
        ))}
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
      {extra}
      <Location />
    </MemoryRouter>,
  );
}

/** The path (and query) renderAt's router is at now. */
export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}
