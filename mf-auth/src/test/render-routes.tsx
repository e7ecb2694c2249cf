import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** Renders the screens the way the shell does (inside its router), with the current path visible. */
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
